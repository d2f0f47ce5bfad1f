import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import { FIELD_LIMITS, TEAM_NAME_REQUIRED, teamNameSchema } from '@crewdesk/domain';
import {
  type ControlledDialogProps,
  Dialog,
  DialogContent,
  DialogSubmitFooter,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useCreateTeam } from '../api/use-create-team';

interface CreateTeamDialogProps extends ControlledDialogProps {
  /** Where focus goes when the dialog closes (its opener has gone with the popover). */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Spec section 2, account switcher: a Create Team dialog with a team name
 * field, Cancel and Create Team; the submit button is disabled while the name
 * is blank.
 */
export function CreateTeamDialog({ open, onOpenChange, onCloseAutoFocus }: CreateTeamDialogProps) {
  const [name, setName] = useState('');
  const createTeam = useCreateTeam();
  const parsed = teamNameSchema.safeParse(name);
  const busy = createTeam.isPending || createTeam.isSuccess;

  function submit() {
    if (busy) return;
    if (!parsed.success) {
      // Spec section 8: a blank name (sent with Enter, say) is refused with this notice.
      toast.error(TEAM_NAME_REQUIRED.title, { description: TEAM_NAME_REQUIRED.description });
      return;
    }
    createTeam.mutate(parsed.data);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit();
  }

  // A form whose only submit button is disabled ignores Enter; the spec wants the notice.
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    submit();
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy && !next) return;
        onOpenChange(next);
        if (!next) {
          setName('');
          createTeam.reset();
        }
      }}
    >
      <DialogContent
        title="Create Team"
        description="A team account is a business of its own, with its own contacts, jobs and invoices. You will be its owner."
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <form onSubmit={onSubmit} noValidate aria-label="Create Team">
          <FormField label="Team name">
            <Input
              value={name}
              onChange={(event) => setName(event.target.value)}
              onKeyDown={onKeyDown}
              // The server refuses longer names; the field stops there instead.
              maxLength={FIELD_LIMITS.text.teamName}
              autoComplete="off"
              placeholder="e.g. Downtown Crew"
              disabled={busy}
            />
          </FormField>
          <DialogSubmitFooter
            pending={busy}
            disabled={!parsed.success}
            label="Create Team"
            pendingLabel="Creating..."
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
