import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export type OutboxStatus = 'queued' | 'sent' | 'kept' | 'failed';

/** One e-mail the business sent, or kept because no SMTP server is configured. */
export interface OutboxItem {
  id: string;
  kind: string;
  to: string;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  links: string[];
  createdAt: string;
  sentAt: string | null;
}

export interface OutboxPage {
  items: OutboxItem[];
  /** Pass as `before` for the next (older) page; null on the last one. */
  nextBefore: string | null;
}

export const OUTBOX_PAGE_SIZE = 20;

export function outboxPath(before: string | null): string {
  const params = new URLSearchParams({ limit: String(OUTBOX_PAGE_SIZE) });
  if (before) params.set('before', before);
  return `/mail/outbox?${params.toString()}`;
}

export function outboxQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['mail', 'outbox'] as const,
    queryFn: ({ pageParam, signal }) => apiRequest<OutboxPage>(outboxPath(pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
    staleTime: 0,
  });
}
