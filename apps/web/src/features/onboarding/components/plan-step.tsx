import { useMutation } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { DEFAULT_PLAN } from '@crewdesk/domain';
import { Button } from '@/components/ui/button';
import { finishOnboarding } from '../api/onboarding';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';

const INCLUDED = [
  'Every module: contacts, quotes, jobs, schedule, invoices, team and reports',
  'Unlimited team members and customers',
  'Your data stays on this installation',
];

/** Step 3: the self-hosted plan, active at once; nothing to pay. */
export function PlanStep({ onBack, onDone }: { onBack: () => void; onDone: () => void }) {
  const mutation = useMutation({ mutationFn: finishOnboarding, onSuccess: onDone });
  return (
    <div className="space-y-5">
      <RequestErrorAlert
        request={mutation}
        fallback="Could not finish setting up. Please try again."
      />
      <section
        aria-labelledby="plan-name"
        className="rounded-lg border-2 border-primary bg-primary/5 p-4 sm:p-5"
      >
        <div className="flex items-baseline justify-between gap-2">
          <h2 id="plan-name" className="text-lg font-semibold">
            {DEFAULT_PLAN.plan}
          </h2>
          <p className="text-sm">
            <span className="text-2xl font-semibold">$0</span>
            <span className="text-muted-foreground"> / month</span>
          </p>
        </div>
        <p className="mt-1 text-sm text-muted-foreground">
          Self-hosted Crewdesk: active as soon as you start.
        </p>
        <ul className="mt-4 space-y-2 text-sm">
          {INCLUDED.map((item) => (
            <li key={item} className="flex gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              {item}
            </li>
          ))}
        </ul>
      </section>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onBack} disabled={mutation.isPending}>
          Back
        </Button>
        <Button onClick={() => mutation.mutate()} disabled={mutation.isPending}>
          {mutation.isPending ? 'Finishing...' : 'Start using Crewdesk'}
        </Button>
      </div>
    </div>
  );
}
