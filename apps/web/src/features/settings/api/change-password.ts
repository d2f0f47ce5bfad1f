import { apiRequest } from '@/lib/api-client';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  /** Ends every other session; this one is replaced by a fresh one. */
  revokeOtherSessions: boolean;
}

/** 400 with the server's message for a wrong current password or a weak new one. */
export function changePassword(input: ChangePasswordInput): Promise<unknown> {
  return apiRequest('/auth/change-password', { method: 'POST', body: input });
}
