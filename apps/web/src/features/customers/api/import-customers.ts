import type { ImportMode } from '@crewdesk/domain';
import type {
  CustomerImportPreview,
  CustomerImportResult,
} from '@/entities/customer/model/customer';
import { apiRequest } from '@/lib/api-client';
import { postJsonWithProgress } from '@/lib/post-with-progress';

export type ImportPreview = CustomerImportPreview;

export type { ImportMode };

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
 * The import itself, with upload progress. The server imports in one transaction: all or
 * nothing, or exactly the valid rows.
 */
export function runImport(
  request: Omit<ImportRequest, 'dryRun'>,
  onProgress: (fraction: number) => void,
): Promise<ImportResult> {
  return postJsonWithProgress('/customers/import', { ...request, dryRun: false }, onProgress);
}
