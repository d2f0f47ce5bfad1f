import { BusinessHeader } from '@/components/business-header';
import { lazy, Suspense } from 'react';
import { FileQuestion } from 'lucide-react';
import { useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { EmptyState } from '@/components/ui/empty-state';
import { PageLoading } from '@/components/ui/page-loading';
import { errorMessage, isApiError } from '@/lib/api-client';
import { sharedRequestPdfUrl, useSharedRequest } from '../api/shared-request';
import { SharedRequestAnswer } from '../components/shared-request-answer';
import {
  categoryWord,
  formatLongDate,
  SharedTotal,
  SharedWorkDetails,
} from '../components/shared-request-details';
import { DownloadPdfLink } from '@/components/public-links';
import { showAmountsIn } from '@/lib/money';
import { showTimesIn } from '@/lib/time-zone';

// Fetched after the document: the way to the hub is not what the client opened the link for.
const HubEntryLink = lazy(() =>
  import('@/entities/client-hub/client-hub').then((module) => ({ default: module.HubEntryLink })),
);

/**
 * Spec section 2: /invoices/estimates/share/{id} and /shared/{id}: the estimate, quote or
 * proposal a business shared, opened by its client without signing in. The id is the share
 * token. Only what the client may see reaches this page: the server leaves out every internal
 * figure.
 */
export function SharedEstimatePage() {
  const { id = '' } = useParams();
  const query = useSharedRequest(id);

  if (query.isPending) return <PageLoading />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) {
      return (
        <EmptyState icon={FileQuestion} title="Estimate not found">
          {errorMessage(query.error, 'This link is not valid.')}
        </EmptyState>
      );
    }
    return (
      <Alert tone="error">
        {errorMessage(query.error, 'This estimate could not be loaded. Please try again.')}
      </Alert>
    );
  }

  const request = query.data;
  showAmountsIn(request.business.currency, request.business.locale);
  showTimesIn(request.business.timeZone);
  const word = categoryWord(request);
  return (
    <article
      className="mx-auto max-w-3xl space-y-5"
      aria-label={`${word} from ${request.business.name}`}
    >
      <BusinessHeader business={request.business} />
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-medium text-primary">{word}</p>
          <h1 className="text-2xl font-semibold">{request.title}</h1>
          <p className="text-sm text-muted-foreground">
            Prepared for {request.client} on {formatLongDate(request.date)} · Valid until{' '}
            {formatLongDate(request.expiresAt)}
          </p>
        </div>
        <DownloadPdfLink href={sharedRequestPdfUrl(id)} />
      </header>
      <SharedWorkDetails request={request} />
      {request.options ? null : <SharedTotal request={request} />}
      <SharedRequestAnswer request={request} token={id} />
      <Suspense fallback={null}>
        <HubEntryLink token={id} />
      </Suspense>
    </article>
  );
}
