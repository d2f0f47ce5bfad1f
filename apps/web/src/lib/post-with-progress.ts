import { ApiError } from '@/lib/api-client';

/**
 * POST a JSON body to the API and report the upload's progress (0 to 1). fetch cannot report an
 * upload's progress, so this uses XMLHttpRequest; errors are the api client's ApiError.
 */
export function postJsonWithProgress<T>(
  path: string,
  body: unknown,
  onProgress: (fraction: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let answer: unknown = null;
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {
        answer = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(answer as T);
        return;
      }
      const { code, message } = (answer ?? {}) as { code?: string; message?: string };
      reject(new ApiError(xhr.status, code ?? `HTTP_${xhr.status}`, message ?? ''));
    };
    xhr.onerror = () => reject(new TypeError('network error'));
    xhr.send(JSON.stringify(body));
  });
}
