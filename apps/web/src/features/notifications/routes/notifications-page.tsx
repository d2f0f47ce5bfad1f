import { NOTIFICATION_KINDS, NOTIFICATION_RULES, type NotificationKind } from '@crewdesk/domain';
import { Bell } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { ListFooter } from '@/components/list-footer';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { fieldClassName } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoading } from '@/components/ui/page-loading';
import {
  useMarkRead,
  useNotifications,
  type NotificationFilters,
} from '@/entities/notification/api/notification-api';
import { NotificationItem } from '@/entities/notification/ui/notification-item';
import { cn } from '@/lib/cn';
import { SelectOptions } from '@/components/ui/select-options';

function filtersOf(params: URLSearchParams): NotificationFilters {
  const kind = params.get('kind');
  return {
    filter: params.get('filter') === 'unread' ? 'unread' : 'all',
    kind: (NOTIFICATION_KINDS as readonly string[]).includes(kind ?? '')
      ? (kind as NotificationKind)
      : null,
  };
}

/** Spec section 2, /notifications: everything the member was told, unread first to the eye. */
export function NotificationsPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const list = useNotifications(filters);
  const markRead = useMarkRead();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = list.data?.pages[0]?.unread ?? 0;

  const setFilters = (next: NotificationFilters) => {
    const search = new URLSearchParams();
    if (next.filter === 'unread') search.set('filter', 'unread');
    if (next.kind) search.set('kind', next.kind);
    setParams(search, { replace: true });
  };

  return (
    <>
      <PageHeader
        title="Notifications"
        actions={
          <Button
            variant="outline"
            disabled={unread === 0 || markRead.isPending}
            onClick={() => markRead.mutate('all')}
          >
            Mark all read
          </Button>
        }
      />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div role="group" aria-label="Show" className="inline-flex rounded-md border p-0.5">
          {(['all', 'unread'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={filters.filter === value}
              onClick={() => setFilters({ ...filters, filter: value })}
              className={cn(
                'h-9 rounded px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring',
                filters.filter === value ? 'bg-primary text-primary-foreground' : 'hover:bg-muted',
              )}
            >
              {value === 'all'
                ? 'All'
                : `Unread${unread > 0 ? ` (${unread >= 100 ? '99+' : unread})` : ''}`}
            </button>
          ))}
        </div>
        <label className="flex flex-col gap-1 text-sm font-medium sm:w-72">
          Type
          <select
            value={filters.kind ?? ''}
            onChange={(e) =>
              setFilters({ ...filters, kind: (e.target.value || null) as NotificationKind | null })
            }
            className={cn(fieldClassName, 'h-10 font-normal')}
          >
            <option value="">All types</option>
            <SelectOptions
              values={NOTIFICATION_KINDS}
              label={(kind) => NOTIFICATION_RULES[kind].label}
            />
          </select>
        </label>
      </div>

      {list.isPending ? (
        <PageLoading />
      ) : list.isError ? (
        <Alert tone="error">
          Could not load notifications.{' '}
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : items.length === 0 ? (
        <EmptyState icon={Bell} title="No notifications">
          {filters.filter === 'unread' || filters.kind
            ? 'Nothing matches these filters.'
            : 'You have no notifications yet. New requests, estimates viewed or accepted, invoices paid and visits assigned to you will show up here as they happen.'}
        </EmptyState>
      ) : (
        <>
          <ul className="divide-y rounded-lg border bg-background px-2">
            {items.map((n) => (
              <li key={n.id}>
                <NotificationItem
                  notification={n}
                  onOpen={(opened) => {
                    if (opened.readAt === null) markRead.mutate([opened.id]);
                  }}
                />
              </li>
            ))}
          </ul>
          <ListFooter
            summary={`${items.length} shown`}
            hasMore={list.hasNextPage}
            loadingMore={list.isFetchingNextPage}
            onLoadMore={() => void list.fetchNextPage()}
          />
        </>
      )}
    </>
  );
}
