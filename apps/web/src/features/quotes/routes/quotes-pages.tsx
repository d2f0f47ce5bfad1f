import { Calculator, FileText, Files, Layers, Lock } from 'lucide-react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { canAccessRoute } from '@crewdesk/domain';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session/session-context';

const TABS = [
  { label: 'Estimates', path: '/quotes/estimates', also: '/quotes' },
  { label: 'Quotes', path: '/quotes/quotes' },
  { label: 'Proposals', path: '/quotes/proposals' },
] as const;

/** Spec section 2: /quotes with estimates (also the index), quotes and proposals. */
export function QuotesLayout() {
  const { role, activeAccountId } = useSession();
  const { pathname } = useLocation();
  return (
    <>
      <PageHeader
        title="Requests"
        description="Estimates, quotes and proposals for your clients."
      />
      <nav aria-label="Request types" className="mb-6 flex gap-1 overflow-x-auto border-b">
        {TABS.map((tab) => {
          const allowed = canAccessRoute(role, activeAccountId, tab.path) === 'allowed';
          const base =
            '-mb-px flex items-center gap-1.5 whitespace-nowrap border-b-2 px-3 py-2 text-sm';
          return allowed ? (
            <NavLink
              key={tab.path}
              to={tab.path}
              className={({ isActive }) =>
                cn(
                  base,
                  isActive || ('also' in tab && pathname === tab.also)
                    ? 'border-primary font-medium text-foreground'
                    : 'border-transparent text-muted-foreground hover:text-foreground',
                )
              }
            >
              {tab.label}
            </NavLink>
          ) : (
            <span
              key={tab.path}
              aria-disabled="true"
              className={cn(base, 'border-transparent text-muted-foreground/60')}
            >
              {tab.label}
              <Lock aria-label="locked" className="size-3" />
            </span>
          );
        })}
      </nav>
      <Outlet />
    </>
  );
}

export function EstimatesTab() {
  return (
    <EmptyState
      icon={FileText}
      title="No estimates yet"
      upcoming={[
        'The price calculator: property, frequency, square footage, rooms and extra services',
        'E-mail the estimate with a link the client can open without signing in',
        'Client accepts or declines online; estimates expire after 30 days',
      ]}
    >
      Your estimates will live here — the calculator, e-mail and share links arrive with the
      Requests module.
    </EmptyState>
  );
}

export function QuotesTab() {
  return (
    <EmptyState icon={Files} title="No quotes yet">
      Your quotes will live here — priced with the same calculator as estimates, sent by e-mail and
      accepted online. They arrive with the Requests module.
    </EmptyState>
  );
}

export function ProposalsTab() {
  return (
    <EmptyState icon={Layers} title="No proposals yet">
      Your proposals will live here — quotes with several options for the client to choose from.
      They arrive with the Requests module.
    </EmptyState>
  );
}

export function QuoteDetailsPage() {
  return (
    <>
      <PageHeader title="Quote Details" />
      <EmptyState icon={FileText} title="Request details arrive with the Requests module">
        This page will show the estimate or quote, its price breakdown, whether the client has
        opened it, and its share link. There are no requests in this version yet.
      </EmptyState>
    </>
  );
}

export function NewQuotePage() {
  return (
    <>
      <PageHeader title="New estimate" />
      <EmptyState
        icon={Calculator}
        title="The estimate calculator arrives with the Requests module"
        upcoming={[
          'Basic Info: property type, frequency, square footage, rooms, bathrooms and extra services',
          'Advanced Info: areas, condition, accessibility and client preferences',
          'Client Info: the client, and for admins and managers the cost, profit and margin',
        ]}
      >
        Estimates cannot be created in this version yet. The pricing rules are already documented in
        the Help Center.
      </EmptyState>
    </>
  );
}
