import type { ChooseTimeZone } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';

/** Business admin rights only (403 otherwise); 400 for a zone that is not in the list. */
export function chooseTimeZone(input: ChooseTimeZone): Promise<null> {
  return apiRequest<null>('/business-profile/time-zone', { method: 'PUT', body: input });
}
