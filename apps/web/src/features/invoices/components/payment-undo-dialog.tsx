import { type InvoiceDetail, type PaymentRecord } from '@crewdesk/domain';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { useRefundPayment } from '../api/refund-payment';
import { useRemovePayment } from '../api/remove-payment';
import { methodLabel } from '../lib/invoice-text';
import { formatAmount } from '@/lib/money';

export interface PaymentUndo {
  kind: 'refund' | 'remove';
  payment: Pick<PaymentRecord, 'id' | 'amountCents' | 'tipCents' | 'method' | 'invoiceNumber'>;
  /** Made when the confirm opens; a retry of the same confirm sends it again. */
  key: string;
}

export function paymentUndo(
  kind: PaymentUndo['kind'],
  payment: PaymentUndo['payment'],
): PaymentUndo {
  return { kind, payment, key: newIdempotencyKey() };
}

const TEXT = {
  refund: {
    title: 'Refund this payment?',
    body: 'Mark it as given back to the client. It stays listed as refunded, and the balance due goes up again.',
    confirm: 'Refund',
    pending: 'Refunding...',
    done: 'Payment refunded',
  },
  remove: {
    title: 'Remove this payment?',
    body: 'Use this for a payment entered by mistake. It is deleted, and the balance due goes up again.',
    confirm: 'Remove payment',
    pending: 'Removing...',
    done: 'Payment removed',
  },
} as const;

/** The confirm of Refund and Remove; each sends its Idempotency-Key. */
export function PaymentUndoDialog({
  undo,
  onClose,
  onDone,
}: {
  undo: PaymentUndo | null;
  onClose: () => void;
  onDone?: (invoice: InvoiceDetail, undo: PaymentUndo) => void;
}) {
  const refund = useRefundPayment();
  const remove = useRemovePayment();
  const pending = refund.isPending || remove.isPending;
  const text = TEXT[undo?.kind ?? 'refund'];

  function confirm() {
    if (!undo || pending) return;
    const mutation = undo.kind === 'refund' ? refund : remove;
    mutation.mutate(
      { paymentId: undo.payment.id, idempotencyKey: undo.key },
      {
        onSuccess: (invoice) => {
          toast.success(TEXT[undo.kind].done);
          onClose();
          onDone?.(invoice, undo);
        },
        onError: (error) =>
          toast.error('Error', {
            description: errorMessage(error, 'Could not change the payment.'),
          }),
      },
    );
  }

  return (
    <ConfirmDialog
      open={undo !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
      title={text.title}
      description={
        undo ? (
          <>
            {formatAmount(undo.payment.amountCents)} by {methodLabel(undo.payment.method)}
            {undo.payment.tipCents > 0 ? ` (tip ${formatAmount(undo.payment.tipCents)})` : ''} on
            invoice {undo.payment.invoiceNumber}. {text.body}
          </>
        ) : (
          ''
        )
      }
      cancelLabel="Keep payment"
      confirmLabel={pending ? text.pending : text.confirm}
      destructive
      pending={pending}
      onConfirm={confirm}
    />
  );
}
