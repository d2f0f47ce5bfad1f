import type { VisitProof } from '@crewdesk/domain';
import { useQuery } from '@tanstack/react-query';
import { Copy, ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { apiRequest } from '@/lib/api-client';
import { copyWithToast } from '@/lib/clipboard';
import { formatInstant } from '@/lib/format';

/** `GET /api/jobs/:id/proof`: the completed visit's proof page link and the client's answer. */
function useVisitProof(jobId: string) {
  return useQuery({
    queryKey: ['visit-proof', 'office', jobId],
    queryFn: ({ signal }) =>
      apiRequest<VisitProof>(`/jobs/${encodeURIComponent(jobId)}/proof`, { signal }),
  });
}

/** The office's view of a completed visit's proof of service: the link and what the client said. */
export function VisitProofSection({ jobId }: { jobId: string }) {
  const headingId = useId();
  const proof = useVisitProof(jobId);
  let body;
  if (proof.isPending) body = <p className="text-sm text-muted-foreground">Loading…</p>;
  else if (proof.isError)
    body = (
      <LoadErrorAlert
        title="Could not load the proof of service"
        error={proof.error}
        onRetry={() => void proof.refetch()}
      />
    );
  else {
    const p = proof.data;
    body = (
      <div className="space-y-3 text-sm">
        {p.answer === null ? (
          <p className="text-muted-foreground">
            No answer from the client yet (they may answer until {formatInstant(p.answerBy)}).
          </p>
        ) : p.answer === 'confirmed' ? (
          <p>The client confirmed the visit on {formatInstant(p.answeredAt)}.</p>
        ) : (
          <div>
            <p className="font-medium text-destructive">
              The client reported a problem on {formatInstant(p.answeredAt)}:
            </p>
            <p className="mt-1 whitespace-pre-wrap">{p.problem}</p>
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              void copyWithToast(p.url, {
                copied: { title: 'Link copied' },
                failed: {
                  title: 'Could not copy the link',
                  description: 'Open the client’s page and copy its address instead.',
                },
              })
            }
          >
            <Copy aria-hidden="true" />
            Copy the client's link
          </Button>
          <Button variant="outline" size="sm" asChild>
            <a href={p.url} target="_blank" rel="noreferrer">
              <ExternalLink aria-hidden="true" />
              Open the client's page
            </a>
          </Button>
        </div>
      </div>
    );
  }
  return (
    <Card className="p-4 sm:p-5" role="region" aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-base font-semibold">
        Proof of service
      </h2>
      {body}
    </Card>
  );
}
