import { canAccessRoute, HOME_MONEY_ROLES, HOME_OFFICE_ROLES, type Role } from '@crewdesk/domain';
import { PageHeader } from '@/components/ui/page-header';
import { useSession } from '@/lib/session/session-context';
import { FindCustomerCard } from '../components/find-customer-card';
import {
  MyNextVisitsGroup,
  MyTimerAndNotificationsGroup,
  MyVisitsTodayGroup,
} from '../components/field-home';
import { GettingStarted } from '../components/getting-started';
import { MoneyGroup, TodayGroup } from '../components/office-home';
import { QuickLinks } from '../components/quick-links';
import { MyPipelineGroup } from '../components/sales-home';

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
        <div className="grid gap-4 lg:grid-cols-2">
          <MyVisitsTodayGroup />
          <MyNextVisitsGroup />
          <div className="lg:col-span-2">
            <MyTimerAndNotificationsGroup />
          </div>
        </div>
      ) : null}
      {kind === 'sales' ? (
        <>
          <MyPipelineGroup />
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
    </div>
  );
}
