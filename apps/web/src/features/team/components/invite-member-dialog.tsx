import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { invitationSchema, type AssignableRole } from '@crewdesk/domain';
import {
  type ControlledDialogProps,
  Dialog,
  DialogContent,
  DialogSubmitFooter,
} from '@/components/ui/dialog';
import { EmailInput } from '@/components/person-fields';
import { FormField } from '@/components/ui/form-field';
import { useSession } from '@/lib/session/session-context';
import { useCreateInvitation } from '../api/create-invitation';
import { RoleField, rolesFor } from './role-select';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';

/** E-mail and role; the invitee gets a link that works for 7 days. */
export function InviteMemberDialog({ open, onOpenChange }: ControlledDialogProps) {
  const { role: actorRole } = useSession();
  const choices = rolesFor(actorRole);
  const initialRole: AssignableRole = choices.includes('team_member')
    ? 'team_member'
    : (choices[0] ?? 'team_member');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AssignableRole>(initialRole);
  const [emailError, setEmailError] = useState<string>();
  const invite = useCreateInvitation();

  function reset() {
    setEmail('');
    setRole(initialRole);
    setEmailError(undefined);
    invite.reset();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = invitationSchema.safeParse({ email, role });
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message);
      return;
    }
    setEmailError(undefined);
    invite.mutate(parsed.data, {
      onSuccess: (invitation) => {
        toast.success('Invitation sent', {
          description: `${invitation.email} will get an e-mail with a link to join.`,
        });
        onOpenChange(false);
        reset();
      },
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (invite.isPending && !next) return;
        onOpenChange(next);
        if (!next) reset();
      }}
    >
      <DialogContent
        title="Invite member"
        description="They get an e-mail with a link to join this business. The link works for 7 days."
      >
        <form onSubmit={onSubmit} noValidate aria-label="Invite member" className="space-y-4">
          <RequestErrorAlert
            request={invite}
            fallback="Could not send the invitation. Please try again."
          />
          <FormField label="E-mail" error={emailError}>
            <EmailInput
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              disabled={invite.isPending}
              placeholder="name@example.com"
            />
          </FormField>
          <RoleField
            actorRole={actorRole}
            role={role}
            onRoleChange={setRole}
            disabled={invite.isPending}
          />
          <DialogSubmitFooter
            pending={invite.isPending}
            label="Send invitation"
            pendingLabel="Sending..."
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
