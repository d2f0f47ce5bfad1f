import { lazy, Suspense } from 'react';
import { canAccessRoute, HOME_MONEY_ROLES, HOME_OFFICE_ROLES, type Role } from '@crewdesk/domain';
import { PageHeader } from '@/components/ui/page-header';
import { useSession } from '@/lib/session/session-context';
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

export type HomeKind = 'office' | 'field' | 'sales' | 'other';

/**
 * Which home a role gets (decision 033): the office (the /reports roles) sees the business's day
 * and money; those who work visits (the /jobs roles) their own day; a sales person their
 * pipeline; anyone else (estimate-free, member) the greeting and what their role may open.
 */
export function homeKindOf(role: Role | null, accountId: string | null): HomeKind {
  if (role && accountId && HOME_OFFICE_ROLES.includes(role)) return 'office';
  if (canAccessRoute(role, accountId, '/jobs') === 'allowed') return 'field';
  if (canAccessRoute(role, accountId, '/sales') === 'allowed') return 'sales';
  return 'other';
}

const DESCRIPTION: Record<HomeKind, string> = {
  office: "Today's work and what the business is owed, each opening the list behind it.",
  field: 'Your visits, your timer and what is new for you.',
  sales: 'Your opportunities, stage by stage.',
  other: 'Crewdesk runs a service business from the first request to the paid invoice.',
};

/** `/`: the home of each role, one request per group of tiles. */
export function HomePage() {
  const { user, role, activeAccountId } = useSession();
  const greeting = user.firstName ? `Welcome, ${user.firstName}` : 'Welcome to Crewdesk';
  const kind = homeKindOf(role, activeAccountId);
  const canFindCustomers = canAccessRoute(role, activeAccountId, '/customers') === 'allowed';

  return (
    <div>
      <PageHeader title={greeting} description={DESCRIPTION[kind]} />
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
