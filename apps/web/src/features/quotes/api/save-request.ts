import type { RequestDetail, RequestInput } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/requests`: a new estimate, quote or proposal (the server prices it again). */
export function createRequest(input: RequestInput): Promise<RequestDetail> {
  return apiRequest('/requests', { method: 'POST', body: input });
}

/** `PUT /api/requests/:id`: the calculator form of an existing request. */
export function updateRequest(id: string, input: RequestInput): Promise<RequestDetail> {
  return apiRequest(`/requests/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
}
