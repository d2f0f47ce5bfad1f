import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import type { Customer } from '@/entities/customer/model/customer';
import { useDeleteCustomer } from '../api/delete-customer';
import { customerName } from './customers-table';

interface DeleteCustomerDialogProps {
  customer: Customer | null;
  onClose: () => void;
  onDeleted?: () => void;
}

/** Delete with a confirmation; a contact with linked work is archived instead. */
export function DeleteCustomerDialog({ customer, onClose, onDeleted }: DeleteCustomerDialogProps) {
  const remove = useDeleteCustomer();
  const name = customer ? customerName(customer) : '';
  return (
    <ConfirmDialog
      open={customer !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
      title={`Delete ${name}?`}
      description="The contact is removed from your list. A contact with requests, jobs, invoices, inspections or sales opportunities is archived instead, so that work keeps its client."
      cancelLabel="Keep contact"
      confirmLabel={remove.isPending ? 'Deleting...' : 'Delete'}
      destructive
      pending={remove.isPending}
      onConfirm={() => {
        if (!customer) return;
        remove.mutate(customer.id, {
          onSuccess: ({ outcome }) => {
            toast.success(outcome === 'archived' ? 'Contact archived' : 'Contact deleted', {
              description:
                outcome === 'archived'
                  ? `${name} has linked work, so the contact was archived.`
                  : `${name} has been deleted.`,
            });
            onClose();
            onDeleted?.();
          },
          onError: (error) => {
            toast.error('Error', {
              description: errorMessage(error, 'Could not delete the contact. Please try again.'),
            });
          },
        });
      }}
    />
  );
}
