import { apiRequest } from '@/lib/api-client';

/** New backup codes; the old ones stop working. */
export function generateBackupCodes(password: string): Promise<{ backupCodes: string[] }> {
  return apiRequest('/auth/two-factor/generate-backup-codes', {
    method: 'POST',
    body: { password },
  });
}
