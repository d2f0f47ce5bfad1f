import { useState, type FormEvent } from 'react';
import { canDispatchJobs } from '@crewdesk/domain';
import { Alert } from '@/components/ui/alert';
import { DialogSubmitFooter, FormDialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { fieldClassName, Textarea } from '@/components/ui/input';
import { PageLoading } from '@/components/ui/page-loading';
import { ContactDialog } from '@/entities/customer/ui/contact-dialog';
import { CustomerSearchBox } from '@/entities/customer/ui/customer-search-box';
import {
  customerChoiceOf,
  type Customer,
  type CustomerChoice,
} from '@/entities/customer/model/customer';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session/session-context';
import { useInspectionTemplates, useStartInspection } from '../api/inspection-api';
import type { InspectionDetail } from '@crewdesk/domain';

/** The contact's address on one line: what the site defaults to. */
export function contactAddress(
  customer: Pick<Customer, 'address' | 'city' | 'state' | 'zip'>,
): string {
  return [customer.address, customer.city, [customer.state, customer.zip].filter(Boolean).join(' ')]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
}

interface StartInspectionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** On a visit: the visit's contact and place are used. Without it: a contact and a site. */
  jobId?: string;
  onStarted: (inspection: InspectionDetail) => void;
}

/** Start an inspection: a template, and either the visit it is on or a contact and site. */
export function StartInspectionDialog({
  open,
  onOpenChange,
  jobId,
  onStarted,
}: StartInspectionDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Start an inspection"
      description={
        jobId
          ? 'Choose the checklist to fill in on this visit.'
          : 'Choose the checklist and where it takes place.'
      }
    >
      {(close) => (
        <StartForm
          jobId={jobId}
          onStarted={(inspection) => {
            close();
            onStarted(inspection);
          }}
        />
      )}
    </FormDialog>
  );
}

function StartForm({
  jobId,
  onStarted,
}: {
  jobId?: string;
  onStarted: (inspection: InspectionDetail) => void;
}) {
  const { role } = useSession();
  const templates = useInspectionTemplates(false);
  const start = useStartInspection();
  const [templateId, setTemplateId] = useState('');
  const [customer, setCustomer] = useState<CustomerChoice | null>(null);
  const [site, setSite] = useState('');
  const [addingContact, setAddingContact] = useState(false);
  const [errors, setErrors] = useState<{ template?: string; contact?: string }>({});

  const pick = (picked: Customer | null) => {
    setCustomer(picked ? customerChoiceOf(picked) : null);
    // The site defaults to the contact's address; it stays editable.
    if (picked) setSite(contactAddress(picked));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = {
      template: templateId ? undefined : 'Choose a template.',
      contact: jobId || customer ? undefined : 'Choose the contact whose site is inspected.',
    };
    setErrors(next);
    if (next.template || next.contact) return;
    start.mutate(
      {
        templateId,
        jobId: jobId ?? null,
        customerId: jobId ? null : (customer?.id ?? null),
        siteAddress: site.trim() || null,
      },
      { onSuccess: onStarted },
    );
  }

  if (templates.isPending) return <PageLoading className="py-6" />;
  if (templates.isError)
    return (
      <Alert tone="error">{errorMessage(templates.error, 'Could not load the templates.')}</Alert>
    );
  const choices = templates.data.items.filter((t) => !t.archived);
  if (choices.length === 0) {
    return (
      <Alert>
        {canDispatchJobs(role)
          ? 'There is no inspection template yet. Add one in Settings → Inspection templates.'
          : 'There is no inspection template yet. Ask your manager to add one.'}
      </Alert>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField label="Template" error={errors.template}>
        <select
          value={templateId}
          onChange={(e) => setTemplateId(e.target.value)}
          className={cn(fieldClassName, 'h-11 py-2')}
        >
          <option value="">Choose a template…</option>
          {choices.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name} ({t.itemCount} items)
            </option>
          ))}
        </select>
      </FormField>
      {jobId ? null : (
        <>
          <FormField label="Contact" error={errors.contact}>
            <CustomerSearchBox
              value={customer}
              onChange={pick}
              onAddNew={() => setAddingContact(true)}
            />
          </FormField>
          <FormField
            label="Site address"
            optional
            hint="The contact’s address unless you change it."
          >
            <Textarea value={site} rows={2} onChange={(e) => setSite(e.target.value)} />
          </FormField>
          <ContactDialog
            open={addingContact}
            onOpenChange={setAddingContact}
            onSaved={(saved) => pick(saved)}
          />
        </>
      )}
      {start.isError ? (
        <Alert tone="error">{errorMessage(start.error, 'Could not start the inspection.')}</Alert>
      ) : null}
      <DialogSubmitFooter
        pending={start.isPending}
        label="Start inspection"
        pendingLabel="Starting..."
      />
    </form>
  );
}
