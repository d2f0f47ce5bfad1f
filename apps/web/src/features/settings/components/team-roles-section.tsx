import { Check, X } from 'lucide-react';
import { Link } from 'react-router';
import { canAccessRoute, ROLE_LABELS, SIDEBAR_GROUPS, type Role } from '@crewdesk/domain';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useSession } from '@/lib/session/session-context';

/** The pages a role may or may not open: the sidebar's entries, then the other screens. */
const PAGES: readonly { title: string; path: string }[] = [
  ...SIDEBAR_GROUPS.flatMap((group) =>
    group.entries.map((entry) => ({ title: entry.title, path: entry.path })),
  ),
  { title: 'Map', path: '/map' },
  { title: 'Time tracking', path: '/time-tracking' },
  { title: 'Inspections', path: '/inspections' },
  { title: 'Settings', path: '/settings' },
];

/** Spec section 6's roles, owner first; 'member' is the role of someone with no business. */
const ROLES_SHOWN: readonly Role[] = [
  'owner',
  'business_admin',
  'admin',
  'business_manager',
  'manager',
  'sales_person',
  'team_leader',
  'team_member',
  'estimate-free',
];

/** The route table decides; any account id stands in, since a role only counts within one. */
export function pagesFor(role: Role): { title: string; path: string; allowed: boolean }[] {
  return PAGES.map((page) => ({
    ...page,
    allowed: canAccessRoute(role, 'account', page.path) === 'allowed',
  }));
}

/** Settings → Team and roles: what each role may open, and the way to the team itself. */
export function TeamRolesSection() {
  const { role: myRole } = useSession();
  return (
    <div className="space-y-4">
      <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
        <p className="text-sm text-muted-foreground">
          Invite people, give each a role, and deactivate those who leave on the Team page.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/help?article=team-roles">About roles</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/team">Open Team</Link>
          </Button>
        </div>
      </Card>
      <ul aria-label="Roles" className="space-y-3">
        {ROLES_SHOWN.map((role) => (
          <li key={role}>
            <Card className="p-4 sm:p-5">
              <h3 className="text-sm font-semibold">
                {ROLE_LABELS[role]}
                {role === myRole ? (
                  <span className="ml-2 rounded-full bg-accent px-2 py-0.5 text-xs font-medium text-accent-foreground">
                    Your role
                  </span>
                ) : null}
              </h3>
              <ul
                aria-label={`Pages ${ROLE_LABELS[role]} may open`}
                className="mt-2 flex flex-wrap gap-1.5"
              >
                {pagesFor(role).map((page) => (
                  <li
                    key={page.path}
                    className={
                      page.allowed
                        ? 'inline-flex items-center gap-1 rounded-md bg-success/10 px-2 py-1 text-xs text-success'
                        : 'inline-flex items-center gap-1 rounded-md bg-muted px-2 py-1 text-xs text-muted-foreground line-through'
                    }
                  >
                    {page.allowed ? (
                      <Check aria-hidden="true" className="size-3" />
                    ) : (
                      <X aria-hidden="true" className="size-3" />
                    )}
                    {page.title}
                    <span className="sr-only">
                      {page.allowed ? ' (may open)' : ' (may not open)'}
                    </span>
                  </li>
                ))}
              </ul>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
