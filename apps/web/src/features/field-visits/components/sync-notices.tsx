import { X } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatInstant } from '@/lib/format';
import { useFieldVisits } from '@/entities/field-visit/api/field-visits-context';
import type { SyncNotice } from '@/entities/field-visit/api/field-sync';

function noticeText(notice: SyncNotice, title: string, timeZone: string | undefined): string {
  if (notice.kind === 'refused')
    return `${notice.what} on “${title}” was not saved. ${notice.message ?? ''}`;
  return notice.movedTo
    ? `The office moved “${title}” to ${formatInstant(notice.movedTo, timeZone)} while you were offline. ${notice.what} was saved.`
    : `The office took “${title}” off the schedule while you were offline. ${notice.what} was saved.`;
}

/** What the crew must hear after a sync: refused changes (with what they were) and moved visits. */
export function SyncNotices({ jobId }: { jobId?: string }) {
  const { notices, dismissNotice, pack } = useFieldVisits();
  const shown = notices.filter((n) => jobId === undefined || n.jobId === jobId);
  if (shown.length === 0) return null;
  return (
    <ul className="space-y-2" aria-label="Sync messages">
      {shown.map((notice) => {
        const title = pack?.visits.find((v) => v.id === notice.jobId)?.title ?? 'a visit';
        return (
          <li key={notice.clientId}>
            <Alert
              tone={notice.kind === 'refused' ? 'error' : 'warning'}
              className="flex items-start gap-2"
            >
              <p className="flex-1 text-sm">{noticeText(notice, title, pack?.timeZone)}</p>
              <Button
                variant="ghost"
                size="icon"
                className="size-8 shrink-0"
                aria-label="Dismiss"
                onClick={() => dismissNotice(notice.clientId)}
              >
                <X aria-hidden="true" />
              </Button>
            </Alert>
          </li>
        );
      })}
    </ul>
  );
}
