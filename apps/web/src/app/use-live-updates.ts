import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LedgerSubject } from '@crewdesk/domain';
import { notificationsQueryKey } from '@/entities/notification/api/notification-api';
import { useSession } from '@/lib/session/session-context';

/** The query roots that show each kind of record: a live event refreshes them. */
const ROOTS_OF: Record<LedgerSubject, readonly string[]> = {
  // A request's events move its opportunity along the sales pipeline.
  request: ['requests', 'customers', 'sales'],
  job: ['jobs', 'schedule', 'map'],
  invoice: ['invoices', 'customers'],
  member: ['team'],
  webhook: [],
  time_entry: ['time'],
  timesheet: ['time'],
  inspection: ['inspections'],
  inspection_template: ['inspection-templates'],
  inventory_item: ['inventory'],
  opportunity: ['sales'],
  // An export's progress bar and Download link.
  data_export: ['data-export'],
  // A contact's hub links were revoked: its page's client-hub panel.
  customer: ['customers', 'client-hub'],
};

/** Events this close together refresh once. */
const GATHER_MS = 200;

interface LedgerMessage {
  subject: LedgerSubject;
  notified?: boolean;
}

/**
 * Keeps the screens current: the server's live stream (ids only) says which kind of record
 * changed, and the lists and pages showing that kind read it again. The browser reconnects by
 * itself and sends the last event id, so the server replays what this tab missed.
 */
export function useLiveUpdates() {
  const queryClient = useQueryClient();
  const { activeAccountId } = useSession();
  useEffect(() => {
    if (!activeAccountId || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/live');
    const due = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      for (const root of due) void queryClient.invalidateQueries({ queryKey: [root] });
      due.clear();
    };
    source.addEventListener('ledger', (event) => {
      try {
        const message = JSON.parse((event as MessageEvent<string>).data) as LedgerMessage;
        for (const root of ROOTS_OF[message.subject] ?? []) due.add(root);
        if (message.notified) due.add(notificationsQueryKey[0]);
      } catch {
        return;
      }
      timer ??= setTimeout(flush, GATHER_MS);
    });
    // More was missed than the server replays: everything shown is read again.
    source.addEventListener('reload', () => void queryClient.invalidateQueries());
    return () => {
      if (timer) clearTimeout(timer);
      source.close();
    };
  }, [queryClient, activeAccountId]);
}
