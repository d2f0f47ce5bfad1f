import { UserPlus, Users, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export function CustomersPage() {
  return (
    <>
      <PageHeader title="Contacts" description="The people and companies you work for." />
      <EmptyState
        icon={Users}
        title="No contacts yet"
        upcoming={[
          'Add and edit contacts: name, e-mail, phone, company, address, source and social media',
          'Search by name, company or e-mail, and see recent contacts',
          'Import and export as CSV',
          'Each contact’s page with its requests, jobs, invoices and notes',
        ]}
        actions={
          <Button asChild variant="outline">
            <Link to="/help?article=contacts">How contacts will work</Link>
          </Button>
        }
      >
        Your contacts will live here — search, filters, import and export arrive with the Contacts
        module.
      </EmptyState>
    </>
  );
}

export function CustomerDetailsPage() {
  return (
    <>
      <PageHeader title="Customer Details" />
      <EmptyState icon={UserRound} title="Contact details arrive with the Contacts module">
        This page will show the contact’s details and everything linked to them — requests, jobs,
        invoices and notes. There are no contacts in this version yet, so there is nothing to show.
      </EmptyState>
    </>
  );
}

export function NewCustomerPage() {
  return (
    <>
      <PageHeader title="New contact" />
      <EmptyState
        icon={UserPlus}
        title="The Add New Contact dialog arrives with the Contacts module"
        upcoming={[
          'First name, last name, e-mail, phone and company',
          'Customer type (commercial or residential) and source',
          'Address with place lookup that fills city, state and zip',
          'WhatsApp, Facebook and Instagram, and the team member it is assigned to',
        ]}
      >
        Contacts cannot be created in this version yet. When the module lands, this shortcut opens
        the dialog directly.
      </EmptyState>
    </>
  );
}
