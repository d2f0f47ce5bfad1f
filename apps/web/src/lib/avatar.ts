import { apiRequest } from './api-client';

/** What the server accepts (it checks the bytes too). */
export const AVATAR_ACCEPT = 'image/png,image/jpeg,image/webp';
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** A reason to refuse the file before uploading it, or null. */
export function avatarFileProblem(file: File): string | null {
  if (!AVATAR_ACCEPT.split(',').includes(file.type)) return 'Choose a PNG, JPEG or WebP image.';
  if (file.size > AVATAR_MAX_BYTES) return 'Choose an image of at most 2 MB.';
  return null;
}

export function uploadAvatar(file: File): Promise<{ avatarUrl: string }> {
  return apiRequest('/me/avatar', { method: 'PUT', file });
}

export function removeAvatar(): Promise<null> {
  return apiRequest('/me/avatar', { method: 'DELETE' });
}
