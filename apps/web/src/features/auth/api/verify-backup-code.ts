import { apiRequest } from '@/lib/api-client';

/** Second sign-in step with one of the saved backup codes (each works once); 401 when refused. */
export function verifyBackupCode(code: string): Promise<unknown> {
  return apiRequest('/auth/two-factor/verify-backup-code', { method: 'POST', body: { code } });
}
