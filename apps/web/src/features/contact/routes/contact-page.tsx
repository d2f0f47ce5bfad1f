import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { ContactForm } from '../components/contact-form';

/** Spec section 2: public contact page. */
export function ContactPage() {
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_18rem]">
      <div>
        <PageHeader
          title="Contact us"
          description="Questions about this Crewdesk installation, your account or your data? Write to the people who run it."
        />
        <Card className="p-5 sm:p-6">
          <ContactForm />
        </Card>
      </div>
      <aside className="space-y-4 text-sm text-muted-foreground lg:pt-14">
        <div>
          <h2 className="font-semibold text-foreground">Looking for an answer now?</h2>
          <p className="mt-1">
            The{' '}
            <Link to="/help-center" className="text-primary underline underline-offset-4">
              Help center
            </Link>{' '}
            explains contacts, estimates, jobs, invoices, roles and backups.
          </p>
        </div>
        <div>
          <h2 className="font-semibold text-foreground">Who reads this?</h2>
          <p className="mt-1">
            Crewdesk is self-hosted: your message goes to the operator of this installation, not to
            the Crewdesk project. See the{' '}
            <Link to="/privacy" className="text-primary underline underline-offset-4">
              privacy notice
            </Link>
            .
          </p>
        </div>
      </aside>
    </div>
  );
}
