import { useInfiniteQuery } from '@tanstack/react-query';
import { UsersRound } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { MESSAGES, ROLE_LABELS } from '@crewdesk/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DataList, type DataColumn } from '@/components/ui/data-list';
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

const COLUMNS: readonly DataColumn<TeamEmployee>[] = [
  { header: 'Name', cell: (e) => <NameLink employee={e} />, className: 'py-3 pr-4' },
  { header: 'Role', cell: (e) => <RoleText employee={e} />, className: 'py-3 pr-4' },
  { header: 'Status', cell: (e) => <MemberStatusBadge employee={e} />, className: 'py-3 pr-4' },
  {
    header: 'E-mail',
    cell: (e) => e.email ?? '—',
    className: 'py-3 pr-4 break-all text-muted-foreground',
  },
  {
    header: 'Actions',
    headerHidden: true,
    cell: (e) => (
      <div className="flex justify-end">
        <MemberActions employee={e} />
      </div>
    ),
    className: 'py-3 pr-0',
  },
];

function PersonCard({ employee }: { employee: TeamEmployee }) {
  return (
    <>
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
    </>
  );
}

/** People do not open on a row click: each row carries its own actions, the name is the link. */
function PeopleList({ people }: { people: TeamEmployee[] }) {
  return (
    <DataList
      rows={people}
      rowKey={(e) => e.id}
      columns={COLUMNS}
      card={(employee) => <PersonCard employee={employee} />}
      cardClassName="space-y-2 py-3"
      label="Team members"
    />
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
      <PeopleList people={people} />
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
