import { apiRequest } from '@/lib/api-client';

export interface ProfileInput {
  firstName: string;
  lastName: string;
}

/** better-auth's `update-user`; `name` is the display name, "First Last". */
export function updateProfile({ firstName, lastName }: ProfileInput): Promise<{ status: boolean }> {
  return apiRequest('/auth/update-user', {
    method: 'POST',
    body: { firstName, lastName, name: `${firstName} ${lastName}` },
  });
}
