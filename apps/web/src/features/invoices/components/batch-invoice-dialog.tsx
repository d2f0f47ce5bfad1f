import { ClipboardCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { type ControlledDialogProps, DialogFooter, FormDialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { useBatchInvoice } from '../api/batch-invoice';
import { useInvoiceableJobs, type InvoiceableJob } from '../api/list-invoiceable-jobs';
import { formatMoment } from '../lib/invoice-text';
import { formatAmount } from '@/lib/money';

/** 'Batch invoice': one invoice for each picked completed job that has none yet. */
export function BatchInvoiceDialog({ open, onOpenChange }: ControlledDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Batch invoice"
      description="One invoice for each completed job you pick, billed at the job's price."
      className="max-w-lg"
    >
      {/* Mounted on each opening: the picks start empty and the list is asked for again. */}
      {(close) => <BatchInvoiceBody onDone={close} />}
    </FormDialog>
  );
}

function BatchInvoiceBody({ onDone }: { onDone: () => void }) {
  const jobs = useInvoiceableJobs(true);
  const batch = useBatchInvoice();
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const items = jobs.data?.items ?? [];
  const count = items.filter((job) => picked.has(job.id)).length;

  function toggle(id: string, on: boolean) {
    setPicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function create() {
    const jobIds = items.filter((job) => picked.has(job.id)).map((job) => job.id);
    if (jobIds.length === 0) return;
    batch.mutate(jobIds, {
      onSuccess: ({ items: created }) => {
        const n = created.length;
        toast.success(n === 1 ? '1 invoice created' : `${n} invoices created`);
        onDone();
      },
    });
  }

  if (jobs.isPending) {
    return (
      <p role="status" className="py-6 text-center text-sm text-muted-foreground">
        Loading...
      </p>
    );
  }
  if (jobs.isError) {
    return (
      <Alert tone="error">
        {errorMessage(jobs.error, 'Could not load the completed jobs.')}{' '}
        <Button variant="link" className="h-auto p-0" onClick={() => void jobs.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 py-6 text-center">
        <ClipboardCheck aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="text-sm text-muted-foreground">
          No completed jobs are waiting for an invoice.
        </p>
        <DialogFooter className="mt-2">
          <Button variant="outline" onClick={onDone}>
            Close
          </Button>
        </DialogFooter>
      </div>
    );
  }

  const allPicked = count === items.length;
  const somePicked = count > 0 && !allPicked;
  return (
    <div>
      {batch.isError ? (
        <Alert tone="error" className="mb-3">
          {errorMessage(batch.error, 'Could not create the invoices. Try again.')}
        </Alert>
      ) : null}
      <label className="flex min-h-11 items-center gap-3 border-b pb-2 text-sm font-medium">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={allPicked}
          ref={(el) => {
            if (el) el.indeterminate = somePicked;
          }}
          onChange={(e) =>
            setPicked(e.target.checked ? new Set(items.map((job) => job.id)) : new Set())
          }
        />
        Select all ({items.length})
      </label>
      <ul className="max-h-[50dvh] divide-y overflow-y-auto" aria-label="Completed jobs">
        {items.map((job) => (
          <JobRow
            key={job.id}
            job={job}
            checked={picked.has(job.id)}
            onChange={(on) => toggle(job.id, on)}
          />
        ))}
      </ul>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={batch.isPending}>
          Cancel
        </Button>
        <Button onClick={create} disabled={count === 0 || batch.isPending}>
          {batch.isPending
            ? 'Creating...'
            : `Create ${count} ${count === 1 ? 'invoice' : 'invoices'}`}
        </Button>
      </DialogFooter>
    </div>
  );
}

function JobRow({
  job,
  checked,
  onChange,
}: {
  job: InvoiceableJob;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <li className="flex items-start gap-3 py-2.5">
      <input
        id={id}
        type="checkbox"
        className="mt-1 size-4 shrink-0 accent-primary"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id} className="min-w-0 flex-1 cursor-pointer text-sm">
        <span className="flex justify-between gap-2">
          <span className="truncate font-medium">{job.title}</span>
          <span className="shrink-0 tabular-nums">{formatAmount(job.priceCents)}</span>
        </span>
        <span className="block truncate text-xs text-muted-foreground">
          {[job.clientName, job.completedAt ? `completed ${formatMoment(job.completedAt)}` : null]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </label>
    </li>
  );
}
