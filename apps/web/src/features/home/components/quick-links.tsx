import { canAccessRoute } from '@crewdesk/domain';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { useSession } from '@/lib/session/session-context';

const LINKS = [
  { path: '/quotes', label: 'Requests', text: 'Estimates, quotes and proposals' },
  { path: '/invoices', label: 'Invoices', text: 'Bills and payments' },
  { path: '/notifications', label: 'Notifications', text: 'What is new for you' },
  { path: '/settings', label: 'Settings', text: 'Your profile and the business' },
] as const;

/** For a role without tiles of its own (estimate-free, a user without a business): where to go. */
export function QuickLinks() {
  const { role, activeAccountId } = useSession();
  const open = LINKS.filter((l) => canAccessRoute(role, activeAccountId, l.path) === 'allowed');
  return (
    <section aria-labelledby="quick-links-heading" className="mb-6">
      <h2 id="quick-links-heading" className="mb-3 text-base font-semibold">
        Where to go
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {open.map((link) => (
          <li key={link.path}>
            <Card className="p-0">
              <Link
                to={link.path}
                className="flex items-center justify-between gap-3 rounded-lg p-4 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
              >
                <span>
                  <span className="block font-medium">{link.label}</span>
                  <span className="block text-sm text-muted-foreground">{link.text}</span>
                </span>
                <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
              </Link>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
