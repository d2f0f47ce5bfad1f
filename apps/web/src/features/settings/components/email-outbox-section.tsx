import { useInfiniteQuery } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { hasBusinessAdminRights } from '@crewdesk/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageLoading } from '@/components/ui/page-loading';
import { formatInstant } from '@/lib/format';
import { errorMessage } from '@/lib/api-client';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session/session-context';
import { outboxQueryOptions, type OutboxItem, type OutboxStatus } from '../api/list-outbox';
import { TableHead } from '@/components/ui/table-head';

const STATUS: Record<OutboxStatus, { label: string; className: string }> = {
  queued: { label: 'Queued', className: 'bg-muted text-muted-foreground' },
  sent: { label: 'Sent', className: 'bg-success/10 text-success' },
  kept: { label: 'Kept (no mail server)', className: 'bg-accent text-accent-foreground' },
  failed: { label: 'Failed', className: 'bg-destructive/10 text-destructive' },
};

function StatusBadge({ item }: { item: OutboxItem }) {
  const status = STATUS[item.status];
  return (
    <div className="space-y-1">
      {/* Borderless, as this pill has always been. */}
      <Badge className={cn('inline-block border-0', status.className)}>{status.label}</Badge>
      {item.status === 'failed' && item.lastError ? (
        <p className="text-xs text-destructive">{item.lastError}</p>
      ) : null}
    </div>
  );
}

function Links({ links }: { links: readonly string[] }) {
  if (links.length === 0) return null;
  return (
    <ul className="space-y-0.5 text-xs">
      {links.map((link) => (
        <li key={link} className="break-all">
          {/^https?:\/\//i.test(link) ? (
            <a href={link} className="text-primary underline underline-offset-2">
              {link}
            </a>
          ) : (
            link
          )}
        </li>
      ))}
    </ul>
  );
}

/** On the business's clock, as 'Nov 21, 2026, 3:04 PM'. */
function when(iso: string): string {
  return Number.isNaN(new Date(iso).getTime()) ? '' : formatInstant(iso);
}

function OutboxTable({ items }: { items: OutboxItem[] }) {
  return (
    <table className="hidden w-full text-left text-sm md:table">
      <caption className="sr-only">E-mail outbox</caption>
      <TableHead
        className="border-b text-xs text-muted-foreground"
        cellClassName="py-2 pr-4"
        padLast
        headings={[{ label: 'Created' }, { label: 'To and subject' }, { label: 'Status' }]}
      />
      <tbody className="divide-y">
        {items.map((item) => (
          <tr key={item.id} className="align-top">
            <td className="whitespace-nowrap py-3 pr-4 text-muted-foreground">
              <time dateTime={item.createdAt}>{when(item.createdAt)}</time>
            </td>
            <td className="min-w-0 space-y-1 py-3 pr-4">
              <p className="font-medium break-words">{item.subject}</p>
              <p className="text-muted-foreground break-all">{item.to}</p>
              <Links links={item.links} />
            </td>
            <td className="py-3 pr-4">
              <StatusBadge item={item} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function OutboxCards({ items }: { items: OutboxItem[] }) {
  return (
    <ul aria-label="E-mail outbox" className="divide-y md:hidden">
      {items.map((item) => (
        <li key={item.id} className="space-y-1.5 py-3">
          <div className="flex items-start justify-between gap-3">
            <p className="min-w-0 text-sm font-medium break-words">{item.subject}</p>
            <StatusBadge item={item} />
          </div>
          <p className="text-sm text-muted-foreground break-all">{item.to}</p>
          <p className="text-xs text-muted-foreground">
            <time dateTime={item.createdAt}>{when(item.createdAt)}</time>
          </p>
          <Links links={item.links} />
        </li>
      ))}
    </ul>
  );
}

function Outbox() {
  const outbox = useInfiniteQuery(outboxQueryOptions());
  const items = outbox.data?.pages.flatMap((page) => page.items) ?? [];
  const moreError = outbox.isFetchNextPageError ? outbox.error : null;

  if (outbox.isPending) return <PageLoading />;
  if (outbox.isError) {
    return (
      <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
        <span>{errorMessage(outbox.error, 'Could not load the outbox. Please try again.')}</span>
        <Button variant="outline" size="sm" onClick={() => void outbox.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState icon={Mail} title="No e-mail yet">
        Messages your business sends (invitations, estimates, invoices) appear here.
      </EmptyState>
    );
  }
  return (
    <Card className="p-5 sm:p-6">
      <OutboxTable items={items} />
      <OutboxCards items={items} />
      {moreError ? (
        <Alert tone="error" className="mt-4">
          {errorMessage(moreError, 'Could not load more e-mail. Please try again.')}
        </Alert>
      ) : null}
      {outbox.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button
            variant="outline"
            onClick={() => void outbox.fetchNextPage()}
            disabled={outbox.isFetchingNextPage}
          >
            {outbox.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

/** The e-mails Crewdesk sent, or kept, for this business (business admin rights). */
export function EmailOutboxSection() {
  const { role } = useSession();
  if (!hasBusinessAdminRights(role)) {
    return (
      <Alert>Only the business owner or an admin can see the e-mail this business sends.</Alert>
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        When no SMTP mail server is configured, Crewdesk keeps each message here instead of sending
        it, so you can still open its links.
      </p>
      <Outbox />
    </div>
  );
}
