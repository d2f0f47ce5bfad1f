import type { BusinessProfile } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import type { BusinessProfileResponse } from './get-business-profile';

/** Business admin rights only (403 otherwise); 400 with the server's message for bad details. */
export function updateBusinessProfile(input: BusinessProfile): Promise<BusinessProfileResponse> {
  return apiRequest('/business-profile', { method: 'PUT', body: input });
}
