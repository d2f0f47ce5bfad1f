import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  hasBusinessAdminRights,
  mapMemberRole,
  ROLE_LABELS,
  type AssignableRole,
} from '@crewdesk/domain';
import { Button } from '@/components/ui/button';
import {
  type ControlledDialogProps,
  Dialog,
  DialogCancelButton,
  DialogContent,
  DialogFooter,
  DialogSubmitFooter,
} from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session/session-context';
import { useChangeMemberRole } from '../api/change-member-role';
import type { TeamEmployee } from '../api/list-employees';
import { useSetMemberActive } from '../api/set-member-active';
import { fullName } from './member-status';
import { RoleField, rolesFor } from './role-select';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';

/** Whether the signed-in user may change this person's role or deactivate them. */
export function useCanManageMember(employee: TeamEmployee): boolean {
  const { role, user } = useSession();
  return (
    hasBusinessAdminRights(role) &&
    employee.userId !== null &&
    employee.role !== null &&
    employee.role !== 'owner' &&
    employee.userId !== user.id
  );
}

/** Change role and Deactivate / Reactivate, for business admins; nothing for anyone else. */
export function MemberActions({ employee }: { employee: TeamEmployee }) {
  const canManage = useCanManageMember(employee);
  const [dialog, setDialog] = useState<'role' | 'deactivate' | null>(null);
  const setActive = useSetMemberActive();
  if (!canManage || employee.userId === null) return null;
  const name = fullName(employee);
  const deactivated = employee.memberStatus === 'deactivated';

  function reactivate() {
    if (!employee.userId) return;
    setActive.mutate(
      { userId: employee.userId, active: true },
      {
        onSuccess: () => toast.success(`${name} is active again`),
        onError: (error) =>
          toast.error('Could not reactivate', {
            description: errorMessage(error, 'Please try again.'),
          }),
      },
    );
  }

  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="outline"
        size="sm"
        onClick={() => setDialog('role')}
        aria-label={`Change role of ${name}`}
      >
        Change role
      </Button>
      {deactivated ? (
        <Button
          variant="outline"
          size="sm"
          onClick={reactivate}
          disabled={setActive.isPending}
          aria-label={`Reactivate ${name}`}
        >
          {setActive.isPending ? 'Reactivating...' : 'Reactivate'}
        </Button>
      ) : (
        <Button
          variant="outline"
          size="sm"
          className="text-destructive"
          onClick={() => setDialog('deactivate')}
          aria-label={`Deactivate ${name}`}
        >
          Deactivate
        </Button>
      )}
      <ChangeRoleDialog
        employee={employee}
        open={dialog === 'role'}
        onOpenChange={(open) => setDialog(open ? 'role' : null)}
      />
      <DeactivateDialog
        employee={employee}
        open={dialog === 'deactivate'}
        onOpenChange={(open) => setDialog(open ? 'deactivate' : null)}
      />
    </div>
  );
}

function ChangeRoleDialog({
  employee,
  open,
  onOpenChange,
}: {
  employee: TeamEmployee;
} & ControlledDialogProps) {
  const { role: actorRole } = useSession();
  const current = employee.role ? mapMemberRole(employee.role) : 'team_member';
  const choices = rolesFor(actorRole);
  const [role, setRole] = useState<AssignableRole>(
    (choices as readonly string[]).includes(current) ? (current as AssignableRole) : 'team_member',
  );
  const change = useChangeMemberRole();
  const name = fullName(employee);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!employee.userId) return;
    change.mutate(
      { userId: employee.userId, role },
      {
        onSuccess: () => {
          toast.success('Role changed', { description: `${name} is now ${ROLE_LABELS[role]}.` });
          onOpenChange(false);
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) change.reset();
      }}
    >
      <DialogContent
        title={`Change role of ${name}`}
        description="The new role decides what they may open, from their next click."
      >
        <form onSubmit={onSubmit} noValidate aria-label="Change role" className="space-y-4">
          <RequestErrorAlert
            request={change}
            fallback="Could not change the role. Please try again."
          />
          <RoleField
            actorRole={actorRole}
            role={role}
            onRoleChange={setRole}
            disabled={change.isPending}
          />
          <DialogSubmitFooter
            pending={change.isPending}
            disabled={role === current}
            label="Save role"
            pendingLabel="Saving..."
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DeactivateDialog({
  employee,
  open,
  onOpenChange,
}: {
  employee: TeamEmployee;
} & ControlledDialogProps) {
  const { activeAccount } = useSession();
  const deactivate = useSetMemberActive();
  const name = fullName(employee);
  const business = activeAccount?.account_name ?? 'this business';

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (deactivate.isPending && !next) return;
        onOpenChange(next);
        if (!next) deactivate.reset();
      }}
    >
      <DialogContent
        title={`Deactivate ${name}?`}
        description={`They can no longer open ${business}, starting now. Their records stay, and you can reactivate them later.`}
      >
        <RequestErrorAlert
          request={deactivate}
          fallback="Could not deactivate. Please try again."
        />
        <DialogFooter>
          <DialogCancelButton disabled={deactivate.isPending} />
          <Button
            variant="destructive"
            disabled={deactivate.isPending}
            onClick={() => {
              if (!employee.userId) return;
              deactivate.mutate(
                { userId: employee.userId, active: false },
                {
                  onSuccess: () => {
                    toast.success(`${name} was deactivated`);
                    onOpenChange(false);
                  },
                },
              );
            }}
          >
            {deactivate.isPending ? 'Deactivating...' : 'Deactivate'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
