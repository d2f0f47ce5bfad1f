import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { REQUIRED_MESSAGE } from '@crewdesk/domain';
import { Alert } from '@/components/ui/alert';
import {
  type ControlledDialogProps,
  Dialog,
  DialogContent,
  DialogSubmitFooter,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';

interface PasswordDialogProps<Result> extends ControlledDialogProps {
  title: string;
  description: string;
  confirmLabel: string;
  pendingLabel: string;
  destructive?: boolean;
  /** The call the password unlocks; its error message shows in the dialog. */
  action: (password: string) => Promise<Result>;
  onDone: (result: Result) => void | Promise<void>;
}

/** Asks for the account password before a security change. */
export function PasswordDialog<Result>({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  destructive = false,
  action,
  onDone,
}: PasswordDialogProps<Result>) {
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const mutation = useMutation({
    mutationFn: action,
    onSuccess: async (result) => {
      await onDone(result);
      close();
    },
  });

  function close() {
    setPassword('');
    setMissing(false);
    mutation.reset();
    onOpenChange(false);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password === '') {
      setMissing(true);
      return;
    }
    setMissing(false);
    mutation.mutate(password);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) onOpenChange(true);
        else if (!mutation.isPending) close();
      }}
    >
      <DialogContent title={title} description={description}>
        <form onSubmit={onSubmit} noValidate aria-label={title} className="space-y-4">
          {mutation.isError ? (
            <Alert tone="error">{errorMessage(mutation.error, 'Please try again.')}</Alert>
          ) : null}
          <FormField label="Password" error={missing ? REQUIRED_MESSAGE : undefined}>
            <Input
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              autoFocus
            />
          </FormField>
          <DialogSubmitFooter
            pending={mutation.isPending}
            variant={destructive ? 'destructive' : 'default'}
            label={confirmLabel}
            pendingLabel={pendingLabel}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
