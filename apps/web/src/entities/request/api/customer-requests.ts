import type { RequestListResponse } from '@crewdesk/domain';
import { keysetQueryOptions } from '@/lib/keyset-query';
import { requestsQueryKey } from './request-keys';

/** A contact's panel shows a short page; Load more brings the next. */
const PANEL_PAGE_SIZE = 10;

/** `GET /api/requests?customerId=`: the contact's estimates, quotes and proposals, newest first. */
export function customerRequestsQueryOptions(customerId: string) {
  return keysetQueryOptions<RequestListResponse>(
    [...requestsQueryKey, 'customer', customerId],
    `/requests?customerId=${encodeURIComponent(customerId)}`,
    PANEL_PAGE_SIZE,
  );
}
