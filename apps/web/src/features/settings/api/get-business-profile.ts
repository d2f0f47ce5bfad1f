import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The active business's details; unsaved fields are null, `updatedAt` too until the first save. */
export interface BusinessProfileResponse {
  businessName: string;
  businessDetails: string | null;
  industry: string | null;
  employeesCount: number | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  timeZone: string;
  currency: 'USD';
  /** The logo image (served to the business's members), null without one. */
  logoUrl: string | null;
  updatedAt: string | null;
}

export const businessProfileQueryKey = ['business-profile'] as const;

export function businessProfileQueryOptions() {
  return queryOptions({
    queryKey: businessProfileQueryKey,
    queryFn: ({ signal }) => apiRequest<BusinessProfileResponse>('/business-profile', { signal }),
  });
}
