import { apiRequest } from '@/lib/api-client';

/** Business admin rights (403 otherwise). */
export function removeBusinessLogo(): Promise<null> {
  return apiRequest('/business-profile/logo', { method: 'DELETE' });
}
