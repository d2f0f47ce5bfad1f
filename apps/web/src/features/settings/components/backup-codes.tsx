import { Copy, Download } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { copyWithToast } from '@/lib/clipboard';

export const BACKUP_CODES_FILE_NAME = 'crewdesk-backup-codes.txt';

export function backupCodesText(codes: readonly string[], email: string): string {
  return [
    `Crewdesk backup codes for ${email}`,
    `Saved ${new Date().toLocaleString()}.`,
    '',
    'Each code signs you in once, instead of the code from your authenticator app.',
    'Keep them somewhere safe and private.',
    '',
    ...codes,
    '',
  ].join('\n');
}

interface BackupCodesProps {
  codes: readonly string[];
  email: string;
  onDone: () => void;
}

/** New backup codes, shown this once, with ways to keep them. */
export function BackupCodes({ codes, email, onDone }: BackupCodesProps) {
  function copy() {
    return copyWithToast(codes.join('\n'), {
      copied: { title: 'Backup codes copied' },
      failed: {
        title: 'Could not copy the codes',
        description: 'Select them and copy them by hand, or download them.',
      },
    });
  }

  function download() {
    const url = URL.createObjectURL(
      new Blob([backupCodesText(codes, email)], { type: 'text/plain;charset=utf-8' }),
    );
    const link = document.createElement('a');
    link.href = url;
    link.download = BACKUP_CODES_FILE_NAME;
    link.click();
    window.setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  return (
    <section aria-label="Your backup codes" className="space-y-4">
      <Alert tone="warning">
        <strong className="font-semibold">Save these backup codes now.</strong> They will not be
        shown again. Each code signs you in once if you lose the phone with your authenticator app;
        without them you could be locked out of your account.
      </Alert>
      <ul
        aria-label="Backup codes"
        className="grid grid-cols-2 gap-2 rounded-md border bg-muted p-4 font-mono text-sm sm:grid-cols-3"
      >
        {codes.map((code) => (
          <li key={code} className="select-all">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="outline" onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            Copy codes
          </Button>
          <Button variant="outline" onClick={download}>
            <Download aria-hidden="true" />
            Download .txt
          </Button>
        </div>
        <Button onClick={onDone}>I have saved my codes</Button>
      </div>
    </section>
  );
}
