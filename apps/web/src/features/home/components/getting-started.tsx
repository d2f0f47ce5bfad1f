import type { HomeGettingStarted } from '@crewdesk/domain';
import { canAccessRoute } from '@crewdesk/domain';
import {
  ArrowRight,
  Briefcase,
  CheckCircle2,
  FileText,
  Lock,
  Receipt,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { useSession } from '@/lib/session/session-context';
import { useGettingStarted } from '../api/home-api';

interface Step {
  done: keyof Omit<HomeGettingStarted, 'done'>;
  title: string;
  description: string;
  path: string;
  action: string;
  icon: LucideIcon;
}

const STEPS: readonly Step[] = [
  {
    done: 'hasContact',
    title: 'Add a contact',
    description:
      'Save the people and companies you work for, with their address and how they found you.',
    path: '/customers/new',
    action: 'Add a contact',
    icon: UserPlus,
  },
  {
    done: 'hasEstimate',
    title: 'Create an estimate',
    description: 'Price the work with the calculator and send the client a link to accept it.',
    path: '/quotes/new',
    action: 'Create an estimate',
    icon: FileText,
  },
  {
    done: 'hasJob',
    title: 'Schedule a job',
    description: 'Put the work on the calendar, one-time or recurring, and assign it to your team.',
    path: '/jobs/new',
    action: 'Schedule a job',
    icon: Briefcase,
  },
  {
    done: 'hasInvoice',
    title: 'Send an invoice',
    description: 'Bill the finished work and record the payment when it arrives.',
    path: '/invoices/new',
    action: 'Send an invoice',
    icon: Receipt,
  },
];

/**
 * The first steps, shown until each is done (GET /api/home/getting-started). Once all four are,
 * nothing shows; while the answer loads or if it fails, nothing shows either: the steps are a
 * help, and the tiles below are the page.
 */
export function GettingStarted() {
  const { role, activeAccountId } = useSession();
  const progress = useGettingStarted(true);
  if (!progress.data || progress.data.done) return null;
  const data = progress.data;
  const doneCount = STEPS.filter((s) => data[s.done]).length;

  return (
    <section aria-labelledby="getting-started-heading" className="mb-6">
      <div className="mb-3 flex items-baseline justify-between gap-2">
        <h2 id="getting-started-heading" className="text-base font-semibold">
          Get started
        </h2>
        <p className="text-sm text-muted-foreground">
          {doneCount} of {STEPS.length} done
        </p>
      </div>
      <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS.map((step, index) => {
          const done = data[step.done];
          const allowed = canAccessRoute(role, activeAccountId, step.path) === 'allowed';
          const Icon = done ? CheckCircle2 : step.icon;
          return (
            // On a phone the done steps make way for the ones left (the count says how many).
            <li key={step.path} className={done ? 'hidden sm:block' : undefined}>
              <Card className="flex h-full flex-col p-4">
                <div className="flex items-center gap-3">
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <div>
                    <p className="text-xs font-medium text-muted-foreground">
                      Step {index + 1}
                      {done ? ' · Done' : ''}
                    </p>
                    <h3 className="font-semibold">{step.title}</h3>
                  </div>
                </div>
                {done ? null : (
                  <>
                    <p className="mt-2 flex-1 text-sm text-muted-foreground">{step.description}</p>
                    {allowed ? (
                      <Link
                        to={step.path}
                        className="mt-3 inline-flex items-center gap-1 self-start rounded-sm text-sm font-medium text-primary hover:underline"
                      >
                        {step.action}
                        <ArrowRight aria-hidden="true" className="size-4" />
                      </Link>
                    ) : (
                      <p className="mt-3 inline-flex items-center gap-1.5 text-sm text-muted-foreground">
                        <Lock aria-hidden="true" className="size-3.5" />
                        Your role cannot open this
                      </p>
                    )}
                  </>
                )}
              </Card>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
