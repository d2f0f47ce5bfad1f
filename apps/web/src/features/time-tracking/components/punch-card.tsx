import type { PunchAction, TimeStatus } from '@crewdesk/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { timeQueryKey } from '@/entities/time/api/time-api';
import {
  flushPunches,
  punchNow,
  queuedPunches,
  type FlushOutcome,
} from '@/entities/time/api/punch-queue';
import { ENTRY_KIND_LABELS, formatElapsed } from '@/entities/time/model/time-format';

/** Ticks once a second while a timer runs, for the elapsed time on screen. */
function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

/**
 * The phone's clock: one big button for what comes next (clock in, clock out), breaks beside it,
 * and the running timer. A tap without a connection is kept on the phone and sent when the
 * connection is back (each with its own id: never twice).
 */
export function PunchCard({ status }: { status: TimeStatus }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [waiting, setWaiting] = useState(() => queuedPunches().length);
  const shift = status.running.find((e) => e.kind === 'shift');
  const onBreak = status.running.find((e) => e.kind === 'break');
  const visit = status.running.find((e) => e.kind === 'visit' || e.kind === 'travel');
  const now = useNow(status.running.length > 0);

  const settle = (outcome: FlushOutcome) => {
    setWaiting(queuedPunches().length);
    if (outcome.kind === 'offline') {
      toast.info(
        'No connection: the punch is kept on this phone and sent when you are back online.',
      );
    } else if (outcome.kind === 'refused') {
      toast.error(outcome.message);
    }
    void queryClient.invalidateQueries({ queryKey: timeQueryKey });
  };

  useEffect(() => {
    const sendKept = () => void flushPunches().then(settle);
    window.addEventListener('online', sendKept);
    if (queuedPunches().length > 0) sendKept();
    return () => window.removeEventListener('online', sendKept);
    // settle only reads stable setters and the query client.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const tap = async (action: PunchAction) => {
    setBusy(true);
    try {
      settle(await punchNow(action, action === 'visit_stop' ? (visit?.jobId ?? null) : null));
    } finally {
      setBusy(false);
    }
  };

  const current = onBreak ?? visit ?? shift;
  return (
    <Card className="p-4 sm:p-6">
      <div className="flex flex-col gap-4">
        <div role="status" aria-label="Your timer">
          <p className="text-sm text-muted-foreground">
            {current
              ? `${ENTRY_KIND_LABELS[current.kind]}${current.jobTitle ? `: ${current.jobTitle}` : ''}`
              : 'You are clocked out.'}
          </p>
          <p className="font-mono text-4xl font-semibold tabular-nums" aria-label="Running time">
            {current ? formatElapsed(current.startedAt, now) : '0:00:00'}
          </p>
          {waiting > 0 ? (
            <p className="mt-1 text-sm text-muted-foreground">
              {waiting === 1 ? '1 punch waits' : `${waiting} punches wait`} on this phone for a
              connection.
            </p>
          ) : null}
        </div>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {shift ? (
            <Button
              size="lg"
              variant="destructive"
              disabled={busy}
              onClick={() => void tap('clock_out')}
            >
              Clock out
            </Button>
          ) : (
            <Button size="lg" disabled={busy} onClick={() => void tap('clock_in')}>
              Clock in
            </Button>
          )}
          {shift && visit?.kind === 'visit' ? (
            <Button
              size="lg"
              variant="outline"
              disabled={busy}
              onClick={() => void tap('visit_stop')}
            >
              Finish visit
            </Button>
          ) : shift && onBreak ? (
            <Button
              size="lg"
              variant="outline"
              disabled={busy}
              onClick={() => void tap('break_end')}
            >
              End break
            </Button>
          ) : shift ? (
            <Button
              size="lg"
              variant="outline"
              disabled={busy}
              onClick={() => void tap('break_start')}
            >
              Start break
            </Button>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
