import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import type { TeamEmployee } from '../api/list-employees';

type Status = 'active' | 'inactive' | 'deactivated';

const STATUS: Record<Status, { label: string; className: string }> = {
  active: { label: 'Active', className: 'bg-success/10 text-success' },
  inactive: { label: 'Inactive', className: 'bg-muted text-muted-foreground' },
  deactivated: { label: 'Deactivated', className: 'bg-destructive/10 text-destructive' },
};

/** A login that was deactivated says so; otherwise the employment status. */
export function statusOf(employee: TeamEmployee): Status {
  if (employee.memberStatus === 'deactivated') return 'deactivated';
  return employee.employmentStatus;
}

export function MemberStatusBadge({ employee }: { employee: TeamEmployee }) {
  const status = STATUS[statusOf(employee)];
  return (
    // Borderless, as this pill has always been.
    <Badge className={cn('inline-block border-0', status.className)}>{status.label}</Badge>
  );
}

export function fullName(employee: Pick<TeamEmployee, 'firstName' | 'lastName'>): string {
  return `${employee.firstName} ${employee.lastName}`.trim();
}
