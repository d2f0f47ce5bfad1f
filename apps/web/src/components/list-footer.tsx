import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** Under a keyset list: how many are shown, and 'Load more' while pages remain. */
export function ListFooter({
  summary,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  summary: ReactNode;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  return (
    <div className="mt-4 flex flex-col items-center gap-2 text-sm text-muted-foreground sm:flex-row sm:justify-between">
      <p aria-live="polite">{summary}</p>
      {hasMore ? (
        <Button variant="outline" onClick={onLoadMore} disabled={loadingMore}>
          {loadingMore ? 'Loading...' : 'Load more'}
        </Button>
      ) : null}
    </div>
  );
}
