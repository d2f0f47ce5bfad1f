import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ReceiptText } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import {
  convertRequestToInvoice,
  createInvoiceFromJob,
  storeCreatedInvoice,
} from '@/entities/invoice/api/invoice-api';
import { cn } from '@/lib/cn';

export type InvoiceSource = { kind: 'job'; id: string } | { kind: 'request'; id: string };

const TEXT = {
  job: { label: 'Create invoice', pending: 'Creating invoice...' },
  request: { label: 'Convert to invoice', pending: 'Converting...' },
} as const;

/**
 * One click bills a completed job ('Create invoice') or an accepted estimate or quote ('Convert
 * to invoice'), then opens the new invoice. Shared by the job and quote pages.
 */
export function CreateInvoiceButton({
  source,
  className,
  variant = 'default',
}: {
  source: InvoiceSource;
  className?: string;
  variant?: 'default' | 'outline';
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation({
    mutationFn: () =>
      source.kind === 'job' ? createInvoiceFromJob(source.id) : convertRequestToInvoice(source.id),
    onSuccess: async (invoice) => {
      toast.success('Invoice created', { description: invoice.number });
      void navigate(`/invoices/${invoice.id}`);
      await storeCreatedInvoice(queryClient, invoice);
    },
    onError: (error) =>
      toast.error('Error', {
        description: errorMessage(error, 'Could not create the invoice. Try again.'),
      }),
  });
  const text = TEXT[source.kind];
  return (
    <Button
      variant={variant}
      className={className}
      onClick={() => create.mutate()}
      disabled={create.isPending || create.isSuccess}
    >
      <ReceiptText aria-hidden="true" />
      {create.isPending ? text.pending : text.label}
    </Button>
  );
}

/** The record is billed already: open its invoice. */
export function ViewInvoiceLink({
  invoiceId,
  className,
}: {
  invoiceId: string;
  className?: string;
}) {
  return (
    <Button variant="outline" className={cn(className)} asChild>
      <Link to={`/invoices/${invoiceId}`}>
        <ReceiptText aria-hidden="true" />
        View invoice
      </Link>
    </Button>
  );
}
