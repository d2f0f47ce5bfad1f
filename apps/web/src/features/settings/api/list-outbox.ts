import { infiniteQueryOptions } from '@tanstack/react-query';
import type { OutboxPage } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';

export type { OutboxItem, OutboxPage, OutboxStatus } from '@crewdesk/domain';

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
