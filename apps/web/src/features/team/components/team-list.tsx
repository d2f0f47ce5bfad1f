import { useInfiniteQuery } from '@tanstack/react-query';
import { UsersRound } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { MESSAGES, ROLE_LABELS } from '@crewdesk/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageLoading } from '@/components/ui/page-loading';
import { employeesQueryOptions, type TeamEmployee } from '../api/list-employees';
import { MemberActions } from './member-actions';
import { fullName, MemberStatusBadge } from './member-status';

function RoleText({ employee }: { employee: TeamEmployee }) {
  if (employee.role === null) return <span className="text-muted-foreground">No login</span>;
  return <>{ROLE_LABELS[employee.role]}</>;
}

function NameLink({ employee }: { employee: TeamEmployee }) {
  return (
    <Link
      to={`/team/${employee.id}`}
      className="font-medium text-foreground underline-offset-2 hover:underline"
    >
      {fullName(employee)}
    </Link>
  );
}

function PeopleTable({ people }: { people: TeamEmployee[] }) {
  return (
    <table className="hidden w-full text-left text-sm md:table">
      <caption className="sr-only">Team members</caption>
      <thead className="border-b text-xs text-muted-foreground">
        <tr>
          <th scope="col" className="py-2 pr-4 font-medium">
            Name
          </th>
          <th scope="col" className="py-2 pr-4 font-medium">
            Role
          </th>
          <th scope="col" className="py-2 pr-4 font-medium">
            Status
          </th>
          <th scope="col" className="py-2 pr-4 font-medium">
            E-mail
          </th>
          <th scope="col" className="py-2 font-medium">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y">
        {people.map((employee) => (
          <tr key={employee.id} className="align-middle">
            <td className="py-3 pr-4">
              <NameLink employee={employee} />
            </td>
            <td className="py-3 pr-4">
              <RoleText employee={employee} />
            </td>
            <td className="py-3 pr-4">
              <MemberStatusBadge employee={employee} />
            </td>
            <td className="py-3 pr-4 break-all text-muted-foreground">{employee.email ?? '—'}</td>
            <td className="py-3">
              <div className="flex justify-end">
                <MemberActions employee={employee} />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function PeopleCards({ people }: { people: TeamEmployee[] }) {
  return (
    <ul aria-label="Team members" className="divide-y md:hidden">
      {people.map((employee) => (
        <li key={employee.id} className="space-y-2 py-3">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <NameLink employee={employee} />
              <p className="text-sm">
                <RoleText employee={employee} />
              </p>
            </div>
            <MemberStatusBadge employee={employee} />
          </div>
          {employee.email ? (
            <p className="text-sm break-all text-muted-foreground">{employee.email}</p>
          ) : null}
          <MemberActions employee={employee} />
        </li>
      ))}
    </ul>
  );
}

/** The business's people by first name, with role, status and e-mail. */
export function TeamList() {
  const team = useInfiniteQuery(employeesQueryOptions());
  const people = team.data?.pages.flatMap((page) => page.items) ?? [];
  const failed = team.isError && !team.isFetchNextPageError;

  // Spec section 8: a failed load says so in a notice as well as on the page.
  useEffect(() => {
    if (!failed) return;
    toast.error(MESSAGES.employeeLoadFailed.title, {
      description: MESSAGES.employeeLoadFailed.description,
    });
  }, [failed, team.errorUpdatedAt]);

  if (team.isPending) return <PageLoading />;
  if (failed) {
    return (
      <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
        <span>{MESSAGES.employeeLoadFailed.description}</span>
        <Button variant="outline" size="sm" onClick={() => void team.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (people.length === 0) {
    return (
      <EmptyState icon={UsersRound} title="No team members yet">
        Invite people who sign in, or add employees who do not.
      </EmptyState>
    );
  }
  return (
    <Card className="p-4 sm:p-6">
      <PeopleTable people={people} />
      <PeopleCards people={people} />
      {team.isFetchNextPageError ? (
        <Alert tone="error" className="mt-4">
          {MESSAGES.employeeLoadFailed.description}
        </Alert>
      ) : null}
      {team.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button
            variant="outline"
            onClick={() => void team.fetchNextPage()}
            disabled={team.isFetchingNextPage}
          >
            {team.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
