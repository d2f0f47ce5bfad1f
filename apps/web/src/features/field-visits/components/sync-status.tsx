import { CloudOff, RefreshCw, CheckCircle2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatInstant } from '@/lib/format';
import { useFieldVisits } from '@/entities/field-visit/api/field-visits-context';

function changesText(n: number): string {
  return n === 1 ? '1 change waiting' : `${n} changes waiting`;
}

/** The bar under the header: offline or not, and how many changes wait to be sent. */
export function SyncStatus() {
  const { online, syncing, waiting, fromPhone, pack, syncNow } = useFieldVisits();
  const keptAt = pack ? formatInstant(pack.packedAt, pack.timeZone) : null;
  return (
    <div className="border-t bg-muted/40">
      <div
        role="status"
        aria-live="polite"
        className="mx-auto flex max-w-2xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm"
      >
        {online ? null : (
          <span className="inline-flex items-center gap-1.5 font-medium">
            <CloudOff className="size-4" aria-hidden="true" />
            Offline
          </span>
        )}
        {waiting > 0 ? (
          <span className="font-medium" data-testid="changes-waiting">
            {changesText(waiting)}
          </span>
        ) : (
          <span className="inline-flex items-center gap-1.5 text-muted-foreground">
            <CheckCircle2 className="size-4" aria-hidden="true" />
            All changes saved
          </span>
        )}
        {fromPhone && pack && keptAt ? (
          <span className="text-muted-foreground">Saved on this phone {keptAt}</span>
        ) : null}
        {online && waiting > 0 ? (
          <Button
            variant="outline"
            size="sm"
            className="ml-auto"
            onClick={syncNow}
            disabled={syncing}
          >
            <RefreshCw className={syncing ? 'animate-spin' : undefined} aria-hidden="true" />
            {syncing ? 'Sending…' : 'Send now'}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
