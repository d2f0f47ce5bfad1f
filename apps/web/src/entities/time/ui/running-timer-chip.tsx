import { canAccessRoute } from '@crewdesk/domain';
import { Timer } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '@/lib/session/session-context';
import { useTimeStatus } from '../api/time-api';
import { ENTRY_KIND_LABELS, formatElapsed } from '../model/time-format';

/**
 * The header's running timer, on every screen, for those who track time: what runs (the visit
 * over the shift, a break over both) and for how long; it opens Time Tracking. Nothing shows
 * while no timer runs.
 */
export function RunningTimerChip() {
  const { role, activeAccountId } = useSession();
  if (canAccessRoute(role, activeAccountId, '/time-tracking') !== 'allowed') return null;
  return <RunningTimer />;
}

function RunningTimer() {
  const status = useTimeStatus();
  const running = status.data?.running ?? [];
  const current =
    running.find((e) => e.kind === 'break') ??
    running.find((e) => e.kind === 'visit' || e.kind === 'travel') ??
    running.find((e) => e.kind === 'shift');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!current) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [current]);
  if (!current) return null;
  const elapsed = formatElapsed(current.startedAt, now);
  return (
    <Link
      to="/time-tracking"
      // The name begins with the words on screen (WCAG 2.5.3, axe's label-content-name-mismatch).
      aria-label={`${ENTRY_KIND_LABELS[current.kind]} ${elapsed}, running: open Time tracking`}
      className="flex h-9 shrink-0 items-center gap-1.5 rounded-full border border-primary/30 bg-primary/10 px-2 text-sm sm:px-3 font-medium tabular-nums text-primary hover:bg-primary/20 focus-visible:outline-2 focus-visible:outline-ring"
    >
      <Timer aria-hidden="true" className="size-4" />
      <span className="hidden sm:inline">{ENTRY_KIND_LABELS[current.kind]}</span>{' '}
      <span>{elapsed}</span>
    </Link>
  );
}
