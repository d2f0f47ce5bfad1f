import { lazy, Suspense } from 'react';
import { canAccessRoute, HOME_MONEY_ROLES, homeHeader, homeKindOf } from '@crewdesk/domain';
import { PageHeader } from '@/components/ui/page-header';
import { TimeZoneQuestion } from '@/entities/business/ui/time-zone-question';
import { useSession } from '@/lib/session/session-context';
import { asksForTimeZone } from '@/lib/time-zone';
import { AskAssistantLink } from '../components/ask-assistant-link';
import { FindCustomerCard } from '../components/find-customer-card';
import { GettingStarted } from '../components/getting-started';
import { MoneyGroup, TodayGroup } from '../components/office-home';
import { QuickLinks } from '../components/quick-links';

// Each role's tiles are loaded with its home: an owner's first screen does not fetch the crew's
// visit and timer tiles, nor the pipeline's.
const FieldHome = lazy(() =>
  import('../components/field-home').then((m) => ({ default: m.FieldHome })),
);
const MyPipelineGroup = lazy(() =>
  import('../components/sales-home').then((m) => ({ default: m.MyPipelineGroup })),
);

/** `/`: the home of each role, one request per group of tiles. */
export function HomePage() {
  const { user, role, activeAccountId, activeAccount } = useSession();
  const header = homeHeader(user.firstName, role, activeAccountId);
  const kind = homeKindOf(role, activeAccountId);
  const canFindCustomers = canAccessRoute(role, activeAccountId, '/customers') === 'allowed';

  return (
    <div>
      {asksForTimeZone(role, activeAccount) ? <TimeZoneQuestion /> : null}
      <PageHeader title={header.title} description={header.description} />
      {kind === 'office' ? (
        <>
          <GettingStarted />
          <div className="grid gap-4">
            <TodayGroup />
            {role && HOME_MONEY_ROLES.includes(role) ? <MoneyGroup /> : null}
          </div>
          {canFindCustomers ? (
            <div className="mt-6">
              <FindCustomerCard />
            </div>
          ) : null}
        </>
      ) : null}
      {kind === 'field' ? (
        <Suspense fallback={<p className="text-sm text-muted-foreground">Loading...</p>}>
          <FieldHome />
        </Suspense>
      ) : null}
      {kind === 'sales' ? (
        <>
          <Suspense fallback={<p className="text-sm text-muted-foreground">Loading...</p>}>
            <MyPipelineGroup />
          </Suspense>
          {canFindCustomers ? (
            <div className="mt-6">
              <FindCustomerCard />
            </div>
          ) : null}
        </>
      ) : null}
      {kind === 'other' ? (
        <>
          <QuickLinks />
          {canFindCustomers ? <FindCustomerCard /> : null}
        </>
      ) : null}
      <AskAssistantLink />
    </div>
  );
}
