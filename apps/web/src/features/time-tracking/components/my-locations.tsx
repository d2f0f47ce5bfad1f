import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useMyLocations } from '@/entities/time/api/time-api';
import { ENTRY_KIND_LABELS } from '@/entities/time/model/time-format';
import { formatInstant } from '@/lib/format';

/** Every location kept about the person, exactly as stored, and how long it is kept. */
export function MyLocations() {
  const [open, setOpen] = useState(false);
  const kept = useMyLocations(open);
  return (
    <div className="mt-3">
      <Button
        variant="link"
        className="h-auto p-0"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide what was recorded' : 'See what was recorded about me'}
      </Button>
      {!open ? null : kept.isPending ? (
        <p className="mt-2 text-sm text-muted-foreground">Loading…</p>
      ) : kept.isError ? (
        <p className="mt-2 text-sm text-destructive">Could not load what was recorded.</p>
      ) : kept.data.items.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">
          No location is kept about you. Locations are forgotten after {kept.data.retentionDays}{' '}
          days.
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-muted-foreground">
            Kept for {kept.data.retentionDays} days, then forgotten.
          </p>
          <ul className="mt-1 divide-y rounded-md border text-sm">
            {kept.data.items.map((item) => (
              <li key={`${item.entryId}-${item.punch}`} className="p-2">
                {ENTRY_KIND_LABELS[item.kind]} {item.punch === 'start' ? 'began' : 'ended'},{' '}
                {formatInstant(item.at)}: {item.latitude.toFixed(5)}, {item.longitude.toFixed(5)}{' '}
                (within {Math.round(item.accuracyMeters)} m)
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
