import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  FIELD_LIMITS,
  canAccessRoute,
  isRoleAllowed,
  MESSAGES,
  optionLabel,
  VAULT_ADMIN_ROLES,
} from '@crewdesk/domain';
import { MapPin, Pencil, Trash2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState, type ComponentType } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { ContactAccessCodesPanel } from '@/entities/access-code/ui/contact-access-codes-panel';
import { ContactDialog } from '@/entities/customer/ui/contact-dialog';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Textarea } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoading } from '@/components/ui/page-loading';
import { errorMessage, isApiError } from '@/lib/api-client';
import { customerQueryKey, updateCustomer } from '@/entities/customer/api/customer-api';
import { customerFormValues, type Customer } from '@/entities/customer/model/customer';
import {
  CustomerBalanceLine,
  CustomerInvoicesPanel,
  CustomerPaymentsPanel,
} from '@/entities/invoice/ui/customer-invoice-panels';
import { CustomerVisitsPanels } from '@/entities/job/ui/customer-visits-panel';
import { CustomerRequestsPanel } from '@/entities/request/ui/customer-requests-panel';
import { useSession } from '@/lib/session/session-context';
import { useTeamMemberNames } from '@/entities/team-member/api/team-member-options';
import { useCustomer } from '../api/get-customer';
import { customerName } from '../components/customers-table';
import { DeleteCustomerDialog } from '../components/delete-customer-dialog';
import { Detail } from '@/components/record-sections';

// Managers only, and rarely: its code (and the hub's view) comes when the page shows it.
const ClientHubCard = lazy(() =>
  import('../components/client-hub-card').then((module) => ({ default: module.ClientHubCard })),
);

function addressLines(c: Customer): string {
  const cityLine = [c.city, [c.state, c.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [c.address, cityLine].filter(Boolean).join('\n');
}

/** Where the contact is: the pin's coordinates and a map link (tiles need the internet). */
function LocationCard({ customer }: { customer: Customer }) {
  if (customer.latitude === null || customer.longitude === null) return null;
  const { latitude: lat, longitude: lng } = customer;
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-base font-semibold">
        <MapPin aria-hidden="true" className="size-4 text-primary" />
        Location
      </h2>
      <p className="mt-2 text-sm">
        {lat.toFixed(5)}, {lng.toFixed(5)}
      </p>
      <a
        data-print-hidden
        className="mt-2 inline-block text-sm text-primary underline-offset-2 hover:underline"
        href={`https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`}
        target="_blank"
        rel="noreferrer"
      >
        Open the pin on OpenStreetMap
      </a>
    </Card>
  );
}

function NotesCard({ customer }: { customer: Customer }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [notes, setNotes] = useState(customer.notes ?? '');
  const save = useMutation({
    mutationFn: () => updateCustomer(customer.id, { ...customerFormValues(customer), notes }),
    onSuccess: (saved) => {
      queryClient.setQueryData(customerQueryKey(customer.id), saved);
      toast.success('Notes saved');
    },
  });
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold">
        <label htmlFor={id}>Notes</label>
      </h2>
      {save.isError ? (
        <Alert tone="error" className="mt-3">
          {errorMessage(save.error, 'Could not save the notes. Please try again.')}
        </Alert>
      ) : null}
      <Textarea
        id={id}
        className="mt-3"
        value={notes}
        maxLength={FIELD_LIMITS.text.customerNotes}
        onChange={(event) => setNotes(event.target.value)}
        placeholder="Pets, preferred days, parking…"
      />
      <div className="mt-3 flex justify-end">
        <Button
          onClick={() => save.mutate()}
          disabled={save.isPending || notes === (customer.notes ?? '')}
        >
          {save.isPending ? 'Saving...' : 'Save notes'}
        </Button>
      </div>
    </Card>
  );
}

/**
 * The contact's work, one panel per module, each shown to the roles that may open that module's
 * list. A new module (inspections, time, sales) adds its entity's panel here.
 */
const WORK_PANELS: readonly { route: string; Panel: ComponentType<{ customerId: string }> }[] = [
  { route: '/quotes', Panel: CustomerRequestsPanel },
  { route: '/jobs', Panel: CustomerVisitsPanels },
  { route: '/invoices', Panel: CustomerInvoicesPanel },
  { route: '/invoices/payments', Panel: CustomerPaymentsPanel },
];

function useMayOpen(): (route: string) => boolean {
  const { role, activeAccountId } = useSession();
  return (route) => canAccessRoute(role, activeAccountId, route) === 'allowed';
}

function CustomerDetails({ customer }: { customer: Customer }) {
  const navigate = useNavigate();
  const team = useTeamMemberNames();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const mayOpen = useMayOpen();
  const { role, activeAccountId } = useSession();
  const keepsVault = isRoleAllowed(role, activeAccountId, VAULT_ADMIN_ROLES);
  const name = customerName(customer);
  const social = [
    customer.whatsapp ? `WhatsApp: ${customer.whatsapp}` : null,
    customer.facebook ? `Facebook: ${customer.facebook}` : null,
    customer.instagram ? `Instagram: ${customer.instagram}` : null,
  ].filter(Boolean);

  return (
    <>
      <PageHeader
        title={name}
        description={customer.company ?? undefined}
        actions={
          <>
            <Button variant="outline" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
            <Button variant="outline" onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </>
        }
      />
      {mayOpen('/invoices') ? (
        <div className="mb-4">
          <CustomerBalanceLine customerId={customer.id} />
        </div>
      ) : null}
      {customer.archivedAt ? (
        <Alert className="mb-4">
          This contact is archived: it has linked work, so it was kept.
        </Alert>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <div className="min-w-0 space-y-4">
          <Card className="p-5">
            <h2 className="text-base font-semibold">Details</h2>
            <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[9rem_1fr]">
              <Detail label="Email">
                <a
                  className="text-primary underline-offset-2 hover:underline"
                  href={`mailto:${customer.email}`}
                >
                  {customer.email}
                </a>
              </Detail>
              <Detail label="Phone">
                <a
                  className="text-primary underline-offset-2 hover:underline"
                  href={`tel:${customer.phone}`}
                >
                  {customer.phone}
                </a>
              </Detail>
              <Detail label="Customer type">{optionLabel(customer.customerType)}</Detail>
              <Detail label="Source">{optionLabel(customer.source)}</Detail>
              <Detail label="Assigned to">{team.nameOf(customer.assignedTo)}</Detail>
              <Detail label="Address">
                <span className="whitespace-pre-line">{addressLines(customer)}</span>
              </Detail>
              <Detail label="Social media">
                <span className="whitespace-pre-line">{social.join('\n')}</span>
              </Detail>
            </dl>
          </Card>
        </div>
        <div className="space-y-4">
          <LocationCard customer={customer} />
          <Suspense fallback={null}>
            <ClientHubCard customerId={customer.id} name={name} />
          </Suspense>
          {/* A newer save of the contact starts the notes from what was stored. */}
          <NotesCard key={customer.updatedAt} customer={customer} />
          {keepsVault ? <ContactAccessCodesPanel customerId={customer.id} /> : null}
        </div>
      </div>
      {/* The work lists take the page's full width: their tables need it. */}
      <div className="mt-4 space-y-4">
        {WORK_PANELS.filter((panel) => mayOpen(panel.route)).map(({ route, Panel }) => (
          <Panel key={route} customerId={customer.id} />
        ))}
      </div>
      <ContactDialog open={editing} onOpenChange={setEditing} customer={customer} />
      <DeleteCustomerDialog
        customer={deleting ? customer : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate('/customers', { replace: true })}
      />
    </>
  );
}

/** Spec section 2: /customers/{id}. */
export function CustomerDetailsPage() {
  const { id = '' } = useParams();
  const customer = useCustomer(id);
  const failed = customer.isError && !(isApiError(customer.error) && customer.error.status === 404);
  useEffect(() => {
    if (failed) {
      toast.error(MESSAGES.customerFetchFailed.title, {
        description: MESSAGES.customerFetchFailed.description,
      });
    }
  }, [failed]);

  if (customer.isPending) return <PageLoading />;
  if (customer.isError) {
    const notFound = isApiError(customer.error) && customer.error.status === 404;
    return (
      <>
        <PageHeader title="Customer Details" />
        <Alert tone="error">
          {notFound
            ? 'This contact does not exist in this business account.'
            : MESSAGES.customerFetchFailed.description}{' '}
          {notFound ? null : (
            <Button variant="link" className="h-auto p-0" onClick={() => void customer.refetch()}>
              Try again
            </Button>
          )}
        </Alert>
      </>
    );
  }
  return <CustomerDetails customer={customer.data} />;
}
