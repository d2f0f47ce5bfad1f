import type {
  CustomerImportPreview,
  CustomerImportResult,
} from '@/entities/customer/model/customer';
import { apiRequest, ApiError } from '@/lib/api-client';

export type ImportPreview = CustomerImportPreview;

export type ImportMode = 'all-or-nothing' | 'valid-only';

export type ImportResult = CustomerImportResult;

export interface ImportRequest {
  csv: string;
  mapping: Record<string, string | null>;
  mode: ImportMode;
  dryRun?: boolean;
}

/** `POST /api/customers/import/preview`: the columns and a few rows, to map them. */
export function previewImport(csv: string): Promise<ImportPreview> {
  return apiRequest('/customers/import/preview', { method: 'POST', body: { csv } });
}

/** A dry run checks every row and imports nothing. */
export function checkImport(request: Omit<ImportRequest, 'dryRun'>): Promise<ImportResult> {
  return apiRequest('/customers/import', { method: 'POST', body: { ...request, dryRun: true } });
}

/**
 * The import itself, with upload progress (fetch cannot report it, so this one request uses
 * XMLHttpRequest). The server imports in one transaction: all or nothing, or exactly the valid rows.
 */
export function runImport(
  request: Omit<ImportRequest, 'dryRun'>,
  onProgress: (fraction: number) => void,
): Promise<ImportResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/customers/import');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body as ImportResult);
        return;
      }
      const { code, message } = (body ?? {}) as { code?: string; message?: string };
      reject(new ApiError(xhr.status, code ?? `HTTP_${xhr.status}`, message ?? ''));
    };
    xhr.onerror = () => reject(new TypeError('network error'));
    xhr.send(JSON.stringify({ ...request, dryRun: false }));
  });
}
