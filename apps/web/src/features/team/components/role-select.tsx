import type { ComponentProps } from 'react';
import { canAssignRole, ROLE_CHOICES, ROLE_LABELS, type Role } from '@crewdesk/domain';
import { fieldClassName } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/** The roles `actorRole` may hand out: never owner, never more rights than their own. */
export function rolesFor(actorRole: Role) {
  return ROLE_CHOICES.filter((role) => canAssignRole(actorRole, role));
}

interface RoleSelectProps extends Omit<ComponentProps<'select'>, 'children'> {
  actorRole: Role;
}

export function RoleSelect({ actorRole, className, ...props }: RoleSelectProps) {
  return (
    <select className={cn(fieldClassName, 'h-10 py-2', className)} {...props}>
      {rolesFor(actorRole).map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}
