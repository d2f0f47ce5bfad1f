import { optionLabel } from '@crewdesk/domain';
import { Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { DataList, type DataColumn } from '@/components/ui/data-list';
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

function CustomerCard({
  customer,
  onEdit,
  onDelete,
}: Pick<CustomersTableProps, 'onEdit' | 'onDelete'> & { customer: Customer }) {
  return (
    <>
      <div className="min-w-0 space-y-0.5 text-sm">
        <NameLink customer={customer} />
        {customer.company ? <p>{customer.company}</p> : null}
        <p className="truncate text-muted-foreground">{customer.email}</p>
        <p className="text-muted-foreground">
          {customer.phone} · {optionLabel(customer.customerType)}
        </p>
      </div>
      <RowActions customer={customer} onEdit={onEdit} onDelete={onDelete} />
    </>
  );
}

/**
 * A table on wide screens, one card per contact on phones. Rows do not open on a click: they
 * carry Edit and Delete, and the name is the link.
 */
export function CustomersTable({
  customers,
  teamMemberName,
  onEdit,
  onDelete,
}: CustomersTableProps) {
  const columns: DataColumn<Customer>[] = [
    { header: 'Name', cell: (c) => <NameLink customer={c} /> },
    { header: 'Company', cell: (c) => c.company ?? '' },
    { header: 'E-mail', cell: (c) => c.email, className: 'max-w-[14rem] truncate' },
    { header: 'Phone', cell: (c) => c.phone, className: 'whitespace-nowrap' },
    { header: 'Type', cell: (c) => optionLabel(c.customerType) },
    { header: 'Source', cell: (c) => optionLabel(c.source) },
    { header: 'Assigned to', cell: (c) => teamMemberName(c.assignedTo) ?? '' },
    {
      header: 'Actions',
      headerHidden: true,
      cell: (c) => <RowActions customer={c} onEdit={onEdit} onDelete={onDelete} />,
      className: 'py-1.5 pr-0',
    },
  ];
  return (
    <DataList
      rows={customers}
      rowKey={(c) => c.id}
      columns={columns}
      card={(c) => <CustomerCard customer={c} onEdit={onEdit} onDelete={onDelete} />}
      cardClassName="flex items-start justify-between gap-2 py-3"
      label="Contacts"
    />
  );
}
