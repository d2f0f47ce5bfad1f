import { ArrowRight } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { CustomerSearchBox } from '@/entities/customer/ui/customer-search-box';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/input';
import { customerChoiceOf, type Customer } from '@/entities/customer/model/customer';

// The new-contact form (and zod, which checks it) loads when the user asks for it, not with Home.
const ContactDialog = lazy(() =>
  import('@/entities/customer/ui/contact-dialog').then((m) => ({ default: m.ContactDialog })),
);

/** Home: find a customer (or the recent ones) and open them, or add a new one. */
export function FindCustomerCard() {
  const id = useId();
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [adding, setAdding] = useState(false);
  return (
    <Card className="mb-6 p-5">
      <Label htmlFor={id} className="text-base font-semibold">
        Find a customer
      </Label>
      <p className="mt-1 text-sm text-muted-foreground">
        Search by name, company or e-mail, or pick one of the recent customers.
      </p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center">
        <CustomerSearchBox
          id={id}
          value={customer && customerChoiceOf(customer)}
          onChange={setCustomer}
          onAddNew={() => setAdding(true)}
          className="sm:max-w-md sm:flex-1"
        />
        {customer ? (
          <Link
            to={`/customers/${customer.id}`}
            className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
          >
            Open contact
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        ) : null}
      </div>
      {adding ? (
        <Suspense fallback={null}>
          <ContactDialog open onOpenChange={setAdding} onSaved={setCustomer} />
        </Suspense>
      ) : null}
    </Card>
  );
}
