import { apiRequest } from '@/lib/api-client';

/** Where the e-mailed link lands, after the server has checked its token. */
export const RESET_PASSWORD_PATH = '/auth/reset-password';

/**
 * better-auth e-mails a link to `/api/auth/reset-password/<token>`, which sends the
 * browser on to RESET_PASSWORD_PATH with `?token=` (or `?error=INVALID_TOKEN`). Always
 * 200: the answer never tells whether the e-mail belongs to an account.
 */
export function requestPasswordReset(email: string): Promise<unknown> {
  return apiRequest('/auth/request-password-reset', {
    method: 'POST',
    body: { email, redirectTo: RESET_PASSWORD_PATH },
  });
}
