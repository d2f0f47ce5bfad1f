import {
  ArrowRight,
  Briefcase,
  FileText,
  Lock,
  Receipt,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { canAccessRoute } from '@crewdesk/domain';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { useSession } from '@/lib/session/session-context';
import { FindCustomerCard } from '../components/find-customer-card';

interface Step {
  title: string;
  description: string;
  path: string;
  action: string;
  icon: LucideIcon;
}

const STEPS: readonly Step[] = [
  {
    title: 'Add a contact',
    description:
      'Save the people and companies you work for, with their address and how they found you.',
    path: '/customers/new',
    action: 'Add a contact',
    icon: UserPlus,
  },
  {
    title: 'Create an estimate',
    description: 'Price the work with the calculator and send the client a link to accept it.',
    path: '/quotes/new',
    action: 'Create an estimate',
    icon: FileText,
  },
  {
    title: 'Schedule a job',
    description: 'Put the work on the calendar, one-time or recurring, and assign it to your team.',
    path: '/jobs/new',
    action: 'Schedule a job',
    icon: Briefcase,
  },
  {
    title: 'Send an invoice',
    description: 'Bill the finished work and record the payment when it arrives.',
    path: '/invoices/new',
    action: 'Send an invoice',
    icon: Receipt,
  },
];

/** The getting-started home; today's work and key figures replace it with the dashboard. */
export function HomePage() {
  const { user, role, activeAccountId } = useSession();
  const greeting = user.firstName ? `Welcome, ${user.firstName}` : 'Welcome to Crewdesk';

  return (
    <div>
      <PageHeader
        title={greeting}
        description="Crewdesk runs a service business from the first request to the paid invoice. Four steps get you going."
      />
      {canAccessRoute(role, activeAccountId, '/customers') === 'allowed' ? (
        <FindCustomerCard />
      ) : null}
      <ol className="grid gap-4 sm:grid-cols-2">
        {STEPS.map((step, index) => {
          const allowed = canAccessRoute(role, activeAccountId, step.path) === 'allowed';
          const Icon = step.icon;
          return (
            <li key={step.path}>
              <Card className="flex h-full flex-col p-5">
                <div className="flex items-center gap-3">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <div>
                    <p className="text-xs font-medium text-muted-foreground">Step {index + 1}</p>
                    <h2 className="font-semibold">{step.title}</h2>
                  </div>
                </div>
                <p className="mt-3 flex-1 text-sm text-muted-foreground">{step.description}</p>
                {allowed ? (
                  <Link
                    to={step.path}
                    className="mt-4 inline-flex items-center gap-1 self-start rounded-sm text-sm font-medium text-primary hover:underline"
                  >
                    {step.action}
                    <ArrowRight aria-hidden="true" className="size-4" />
                  </Link>
                ) : (
                  <p className="mt-4 inline-flex items-center gap-1.5 text-sm text-muted-foreground">
                    <Lock aria-hidden="true" className="size-3.5" />
                    Your role cannot open this
                  </p>
                )}
              </Card>
            </li>
          );
        })}
      </ol>
      <Card className="mt-6 bg-muted/60 p-5 text-sm">
        <h2 className="font-semibold">Crewdesk is growing module by module</h2>
        <p className="mt-1 text-muted-foreground">
          Requests, jobs, invoices and the rest arrive one module at a time, and every screen tells
          you what it will hold until then. This page becomes your dashboard — today’s work and key
          figures — in a later version.{' '}
          <Link to="/help" className="font-medium text-primary hover:underline">
            Read the help articles
          </Link>
          .
        </p>
      </Card>
    </div>
  );
}
