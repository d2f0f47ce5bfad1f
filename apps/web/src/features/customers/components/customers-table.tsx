import { optionLabel } from '@crewdesk/domain';
import { Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import type { Customer } from '@/entities/customer/model/customer';

interface CustomersTableProps {
  customers: readonly Customer[];
  teamMemberName: (id: string | null) => string | null;
  onEdit: (customer: Customer) => void;
  onDelete: (customer: Customer) => void;
}

export function customerName(customer: Pick<Customer, 'firstName' | 'lastName'>): string {
  return `${customer.firstName} ${customer.lastName}`.trim();
}

function NameLink({ customer }: { customer: Customer }) {
  return (
    <Link
      to={`/customers/${customer.id}`}
      className="font-medium text-foreground underline-offset-2 hover:underline"
    >
      {customerName(customer)}
    </Link>
  );
}

function RowActions({
  customer,
  onEdit,
  onDelete,
}: Pick<CustomersTableProps, 'onEdit' | 'onDelete'> & { customer: Customer }) {
  const name = customerName(customer);
  return (
    <div className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Edit ${name}`}
        onClick={() => onEdit(customer)}
      >
        <Pencil aria-hidden="true" className="size-4" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete ${name}`}
        onClick={() => onDelete(customer)}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </Button>
    </div>
  );
}

/** A table on wide screens, one card per contact on phones. */
export function CustomersTable({
  customers,
  teamMemberName,
  onEdit,
  onDelete,
}: CustomersTableProps) {
  return (
    <>
      <table className="hidden w-full text-left text-sm md:table">
        <caption className="sr-only">Contacts</caption>
        <thead className="border-b text-xs text-muted-foreground">
          <tr>
            {['Name', 'Company', 'E-mail', 'Phone', 'Type', 'Source', 'Assigned to'].map((h) => (
              <th key={h} scope="col" className="py-2 pr-3 font-medium">
                {h}
              </th>
            ))}
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {customers.map((customer) => (
            <tr key={customer.id} className="align-middle">
              <td className="py-2.5 pr-3">
                <NameLink customer={customer} />
              </td>
              <td className="py-2.5 pr-3">{customer.company ?? ''}</td>
              <td className="max-w-[14rem] truncate py-2.5 pr-3">{customer.email}</td>
              <td className="whitespace-nowrap py-2.5 pr-3">{customer.phone}</td>
              <td className="py-2.5 pr-3">{optionLabel(customer.customerType)}</td>
              <td className="py-2.5 pr-3">{optionLabel(customer.source)}</td>
              <td className="py-2.5 pr-3">{teamMemberName(customer.assignedTo) ?? ''}</td>
              <td className="py-1.5">
                <RowActions customer={customer} onEdit={onEdit} onDelete={onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y md:hidden" aria-label="Contacts">
        {customers.map((customer) => (
          <li key={customer.id} className="flex items-start justify-between gap-2 py-3">
            <div className="min-w-0 space-y-0.5 text-sm">
              <NameLink customer={customer} />
              {customer.company ? <p>{customer.company}</p> : null}
              <p className="truncate text-muted-foreground">{customer.email}</p>
              <p className="text-muted-foreground">
                {customer.phone} · {optionLabel(customer.customerType)}
              </p>
            </div>
            <RowActions customer={customer} onEdit={onEdit} onDelete={onDelete} />
          </li>
        ))}
      </ul>
    </>
  );
}
