import { Download, Upload, UserPlus, Users } from 'lucide-react';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ContactDialog } from '@/entities/customer/ui/contact-dialog';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ListFooter } from '@/components/list-footer';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoading } from '@/components/ui/page-loading';
import { errorMessage } from '@/lib/api-client';
import type { Customer } from '@/entities/customer/model/customer';
import { useTeamMemberNames } from '@/entities/team-member/api/team-member-options';
import { NO_FILTERS, useCustomerList, type CustomerListFilters } from '../api/list-customers';
import { CustomerFilters } from '../components/customer-filters';
import { CustomersTable } from '../components/customers-table';
import { DeleteCustomerDialog } from '../components/delete-customer-dialog';

export { CustomerDetailsPage } from './customer-details-page';

// Only some visits import contacts: the dialog loads when opened.
const ImportCustomersDialog = lazy(() =>
  import('../components/import-customers-dialog').then((m) => ({
    default: m.ImportCustomersDialog,
  })),
);

const hasFilters = (f: CustomerListFilters) =>
  f.q.trim().length >= 2 || Boolean(f.customerType || f.source || f.assignedTo);

function ContactsList({
  filters,
  onAdd,
  onEdit,
  onDelete,
  onImport,
}: {
  filters: CustomerListFilters;
  onAdd: () => void;
  onEdit: (c: Customer) => void;
  onDelete: (c: Customer) => void;
  onImport: () => void;
}) {
  const list = useCustomerList(filters);
  const team = useTeamMemberNames();
  const customers = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const firstPage = list.data?.pages[0];
  const total = firstPage ? `${firstPage.total}${firstPage.totalCapped ? '+' : ''}` : '0';

  if (list.isPending) return <PageLoading />;
  if (list.isError) {
    return (
      <Alert tone="error">
        {errorMessage(list.error, 'Could not load contacts.')}{' '}
        <Button variant="link" className="h-auto p-0" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (customers.length === 0) {
    return hasFilters(filters) ? (
      <EmptyState icon={Users} title="No matching contacts">
        No contact matches this search and these filters.
      </EmptyState>
    ) : (
      <EmptyState
        icon={Users}
        title="No contacts yet"
        actions={
          <>
            <Button onClick={onAdd}>
              <UserPlus aria-hidden="true" />
              Add contact
            </Button>
            <Button variant="outline" onClick={onImport}>
              <Upload aria-hidden="true" />
              Import CSV
            </Button>
          </>
        }
      >
        Add the people and companies you work for, or import them from a spreadsheet.
      </EmptyState>
    );
  }
  return (
    <Card className="p-4 sm:p-5">
      <CustomersTable
        customers={customers}
        teamMemberName={team.nameOf}
        onEdit={onEdit}
        onDelete={onDelete}
      />
      <ListFooter
        summary={`Showing ${customers.length} of ${total}`}
        hasMore={list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
      />
    </Card>
  );
}

/** Spec section 2: /customers, the contact list. */
export function CustomersPage({ startWithNewContact = false }: { startWithNewContact?: boolean }) {
  const navigate = useNavigate();
  const team = useTeamMemberNames();
  const [filters, setFilters] = useState<CustomerListFilters>(NO_FILTERS);
  const [dialogOpen, setDialogOpen] = useState(startWithNewContact);
  const [editing, setEditing] = useState<Customer | null>(null);
  const [deleting, setDeleting] = useState<Customer | null>(null);
  const [importing, setImporting] = useState(false);
  const onFiltersChange = useCallback((next: CustomerListFilters) => setFilters(next), []);

  const openNew = () => {
    setEditing(null);
    setDialogOpen(true);
  };
  const closeDialog = (open: boolean) => {
    setDialogOpen(open);
    if (!open) {
      setEditing(null);
      // /customers/new is only a way in: leaving the dialog leaves it too.
      if (startWithNewContact) void navigate('/customers', { replace: true });
    }
  };

  return (
    <>
      <PageHeader
        title="Contacts"
        description="The people and companies you work for."
        actions={
          <>
            <Button variant="outline" asChild>
              <a href="/api/customers/export" download>
                <Download aria-hidden="true" />
                <span className="hidden sm:inline">Export CSV</span>
                <span className="sm:hidden">Export</span>
              </a>
            </Button>
            <Button variant="outline" onClick={() => setImporting(true)}>
              <Upload aria-hidden="true" />
              <span className="hidden sm:inline">Import CSV</span>
              <span className="sm:hidden">Import</span>
            </Button>
            <Button onClick={openNew}>
              <UserPlus aria-hidden="true" />
              Add contact
            </Button>
          </>
        }
      />
      <div className="space-y-4">
        <CustomerFilters filters={filters} onChange={onFiltersChange} teamMembers={team.members} />
        <ContactsList
          filters={filters}
          onAdd={openNew}
          onImport={() => setImporting(true)}
          onEdit={(customer) => {
            setEditing(customer);
            setDialogOpen(true);
          }}
          onDelete={setDeleting}
        />
      </div>
      <ContactDialog open={dialogOpen} onOpenChange={closeDialog} customer={editing} />
      <DeleteCustomerDialog customer={deleting} onClose={() => setDeleting(null)} />
      {importing ? (
        <Suspense fallback={null}>
          <ImportCustomersDialog open={importing} onOpenChange={setImporting} />
        </Suspense>
      ) : null}
    </>
  );
}

/** /customers/new: the list with the Add New Contact dialog open. */
export function NewCustomerPage() {
  return <CustomersPage startWithNewContact />;
}
