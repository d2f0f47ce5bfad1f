import { useQuery } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageLoading } from '@/components/ui/page-loading';
import { errorMessage } from '@/lib/api-client';
import { planQueryOptions } from '../api/get-plan';

/** Shown as the server says it; "none" (no subscription yet) is not dressed up as active. */
function statusLabel(status: string): string {
  return status === 'none' ? 'not started' : status.replaceAll('_', ' ');
}

export function PlanSection() {
  const plan = useQuery(planQueryOptions());

  if (plan.isPending) return <PageLoading />;
  if (plan.isError) {
    return (
      <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
        <span>{errorMessage(plan.error, 'Could not load the plan. Please try again.')}</span>
        <Button variant="outline" size="sm" onClick={() => void plan.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex items-start gap-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <CreditCard aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <h3 className="text-base font-semibold">
            {plan.data.plan} — {statusLabel(plan.data.status)}
          </h3>
          <p className="mt-1 text-sm text-muted-foreground">
            This Crewdesk is self-hosted, so it has every feature. There are no paid tiers, nothing
            is billed and there is nothing to upgrade.
          </p>
        </div>
      </div>
    </Card>
  );
}
