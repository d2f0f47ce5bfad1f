import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { useId, useMemo, type ReactNode } from 'react';
import { ListFooter } from '@/components/list-footer';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageLoading } from '@/components/ui/page-loading';
import { errorMessage } from '@/lib/api-client';

/** One page of a keyset list, as every list endpoint answers. */
export interface KeysetPage<T> {
  items: T[];
  nextCursor: string | null;
}

type PagedList<T> = UseInfiniteQueryResult<InfiniteData<KeysetPage<T>, unknown>>;

/**
 * A titled card over one paged list (a contact's requests, visits, invoices …): the same loading,
 * error, empty and Load more states for each, so a module adds its panel by giving its query and
 * its own table.
 */
export function RecordPanel<T>({
  title,
  icon: Icon,
  list,
  noun,
  emptyText,
  children,
}: {
  title: string;
  icon: LucideIcon;
  list: PagedList<T>;
  /** Plural, lower case: 'invoices' in 'Could not load the invoices'. */
  noun: string;
  emptyText: string;
  children: (items: readonly T[]) => ReactNode;
}) {
  const headingId = useId();
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  return (
    <Card className="p-4 sm:p-5" aria-labelledby={headingId} role="region">
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold">
        <Icon aria-hidden="true" className="size-4 text-primary" />
        {title}
      </h2>
      <div className="mt-3">
        <PanelBody list={list} items={items} noun={noun} emptyText={emptyText}>
          {children}
        </PanelBody>
      </div>
    </Card>
  );
}

function PanelBody<T>({
  list,
  items,
  noun,
  emptyText,
  children,
}: {
  list: PagedList<T>;
  items: readonly T[];
  noun: string;
  emptyText: string;
  children: (items: readonly T[]) => ReactNode;
}) {
  if (list.isPending) return <PageLoading className="p-4" />;
  if (list.isError) {
    return (
      <Alert tone="error">
        Could not load the {noun}. {errorMessage(list.error, 'Try again in a moment.')}{' '}
        <Button variant="link" className="h-auto p-0" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{emptyText}</p>;
  return (
    <>
      {children(items)}
      <ListFooter
        summary={`Showing ${items.length}`}
        hasMore={list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
      />
    </>
  );
}
