import { useQuery } from '@tanstack/react-query';
import { UserRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { hasBusinessAdminRights, ROLE_LABELS } from '@crewdesk/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoading } from '@/components/ui/page-loading';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session/session-context';
import { employeeQueryOptions } from '../api/get-employee';
import type { TeamEmployee } from '../api/list-employees';
import { teamLeadersQueryOptions } from '../api/list-team-leaders';
import { EmployeeDialog } from './employee-dialog';
import { MemberActions } from './member-actions';
import { fullName, MemberStatusBadge } from './member-status';
import { formatAmount } from '@/lib/money';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm break-words">{children}</dd>
    </div>
  );
}

/** The team leader whose crew this person is in, by name once the leaders have loaded. */
function CrewOf({ employee }: { employee: TeamEmployee }) {
  const leaders = useQuery({
    ...teamLeadersQueryOptions(),
    enabled: employee.crewLeaderId !== null,
  });
  if (employee.crewLeaderId === null) return <>Not in a crew</>;
  if (leaders.isPending) return <span className="text-muted-foreground">Loading…</span>;
  const leader = leaders.data?.find((l) => l.id === employee.crewLeaderId);
  return (
    <>
      {leader ? `${fullName(leader)}’s crew` : 'In a crew whose leader is no longer a team leader'}
    </>
  );
}

function Profile({ employee }: { employee: TeamEmployee }) {
  const { role } = useSession();
  const [editing, setEditing] = useState(false);
  const canEdit = hasBusinessAdminRights(role);
  return (
    <>
      <PageHeader
        title={fullName(employee)}
        description={employee.role ? ROLE_LABELS[employee.role] : 'Employee without a login'}
        actions={
          canEdit ? (
            <Button variant="outline" onClick={() => setEditing(true)}>
              Edit
            </Button>
          ) : null
        }
      />
      <Card className="px-5 sm:px-6">
        <dl className="divide-y">
          <Detail label="E-mail">{employee.email ?? 'Not recorded'}</Detail>
          <Detail label="Phone">{employee.phone ?? 'Not recorded'}</Detail>
          <Detail label="Role">{employee.role ? ROLE_LABELS[employee.role] : 'No login'}</Detail>
          <Detail label="Status">
            <MemberStatusBadge employee={employee} />
          </Detail>
          <Detail label="Crew">
            <CrewOf employee={employee} />
          </Detail>
          <Detail label="Pay rate">
            {employee.payRateCents === null
              ? 'Not recorded'
              : `${formatAmount(employee.payRateCents)} per hour`}
          </Detail>
        </dl>
      </Card>
      <div className="mt-4">
        <MemberActions employee={employee} />
      </div>
      {canEdit ? (
        <EmployeeDialog open={editing} onOpenChange={setEditing} employee={employee} />
      ) : null}
    </>
  );
}

/** /team/{id}: one person's details; business admins edit them. */
export function MemberProfile({ id }: { id: string }) {
  const employee = useQuery(employeeQueryOptions(id));
  const back = (
    <Button asChild variant="link" className="mb-2 h-auto px-0">
      <Link to="/team">← All team members</Link>
    </Button>
  );

  if (employee.isPending) return <PageLoading />;
  if (employee.isError) {
    if (isApiError(employee.error) && [400, 404].includes(employee.error.status)) {
      return (
        <>
          {back}
          <EmptyState icon={UserRound} title="Team member not found">
            Nobody with this link works in this business. They may belong to another account.
          </EmptyState>
        </>
      );
    }
    return (
      <>
        {back}
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
          <span>
            {errorMessage(employee.error, 'Could not load this team member. Please try again.')}
          </span>
          <Button variant="outline" size="sm" onClick={() => void employee.refetch()}>
            Try again
          </Button>
        </Alert>
      </>
    );
  }
  return (
    <>
      {back}
      <Profile employee={employee.data} />
    </>
  );
}
