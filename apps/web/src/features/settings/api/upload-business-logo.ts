import { apiRequest } from '@/lib/api-client';

/** The image as the raw body; business admin rights (403 otherwise), 400/413 for a bad file. */
export function uploadBusinessLogo(file: File): Promise<{ logoUrl: string }> {
  return apiRequest('/business-profile/logo', { method: 'PUT', file });
}
