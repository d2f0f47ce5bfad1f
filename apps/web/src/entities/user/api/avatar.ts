import { apiRequest } from '@/lib/api-client';

export function uploadAvatar(file: File): Promise<{ avatarUrl: string }> {
  return apiRequest('/me/avatar', { method: 'PUT', file });
}

export function removeAvatar(): Promise<null> {
  return apiRequest('/me/avatar', { method: 'DELETE' });
}
