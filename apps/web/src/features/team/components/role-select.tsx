import {
  canAssignRole,
  ROLE_CHOICES,
  ROLE_LABELS,
  type AssignableRole,
  type Role,
} from '@crewdesk/domain';
import { FormField } from '@/components/ui/form-field';
import { fieldClassName } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { SelectOptions } from '@/components/ui/select-options';

/** The roles `actorRole` may hand out: never owner, never more rights than their own. */
export function rolesFor(actorRole: Role) {
  return ROLE_CHOICES.filter((role) => canAssignRole(actorRole, role));
}

interface RoleFieldProps {
  actorRole: Role;
  role: AssignableRole;
  onRoleChange: (role: AssignableRole) => void;
  disabled?: boolean;
}

/** 'Role': a choice among the roles the actor may hand out. */
export function RoleField({ actorRole, role, onRoleChange, disabled }: RoleFieldProps) {
  return (
    <FormField label="Role">
      <select
        className={cn(fieldClassName, 'h-10 py-2')}
        value={role}
        onChange={(event) => onRoleChange(event.target.value as AssignableRole)}
        disabled={disabled}
      >
        <SelectOptions values={rolesFor(actorRole)} label={(value) => ROLE_LABELS[value]} />
      </select>
    </FormField>
  );
}
