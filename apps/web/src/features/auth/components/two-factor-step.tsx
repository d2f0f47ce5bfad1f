import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import {
  isCompleteOneTimeCode,
  ONE_TIME_CODE_LENGTH,
  OneTimeCodeInput,
} from '@/components/ui/one-time-code-input';
import { isApiError } from '@/lib/api-client';
import { authErrorMessage } from '@/lib/auth-errors';
import { useRefreshSession } from '../api/use-refresh-session';
import { verifyBackupCode } from '../api/verify-backup-code';
import { verifyTotp } from '../api/verify-totp';
import { BackToSignInLink } from './back-to-sign-in-link';
import { SubmitButton } from '@/components/ui/submit-button';

type Method = 'totp' | 'backup';

const TEXTS: Record<Method, { label: string; hint: string; missing: string; other: string }> = {
  totp: {
    label: 'Authentication code',
    hint: `Enter the ${ONE_TIME_CODE_LENGTH}-digit code your authenticator app shows for Crewdesk.`,
    missing: `Enter the ${ONE_TIME_CODE_LENGTH}-digit code from your authenticator app.`,
    other: 'Use a backup code instead',
  },
  backup: {
    label: 'Backup code',
    hint: 'One of the backup codes you saved when you turned on two-factor authentication. Each code works once.',
    missing: 'Enter one of your backup codes.',
    other: 'Use your authenticator app instead',
  },
};

function failureText(error: unknown): string {
  const message = authErrorMessage(error, 'Could not check the code. Please try again.');
  // The password step is only good for a few minutes; the server's words alone do not say so.
  if (isApiError(error) && error.code === 'INVALID_TWO_FACTOR_COOKIE')
    return `${message}. This sign-in has expired: go back and enter your password again.`;
  return message;
}

interface TwoFactorStepProps {
  /** Back to the e-mail and password form. */
  onCancel: () => void;
}

/**
 * The second sign-in step for a user with two-factor authentication: the
 * authenticator app's code, or one backup code. Success signs in like the
 * password alone would for anyone else.
 */
export function TwoFactorStep({ onCancel }: TwoFactorStepProps) {
  const refreshSession = useRefreshSession();
  const [method, setMethod] = useState<Method>('totp');
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const mutation = useMutation({
    mutationFn: async (input: { method: Method; code: string }) => {
      await (input.method === 'totp' ? verifyTotp(input.code) : verifyBackupCode(input.code));
      await refreshSession();
    },
  });
  const texts = TEXTS[method];

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = code.trim();
    const complete = method === 'totp' ? isCompleteOneTimeCode(value) : value !== '';
    setMissing(!complete);
    if (complete) mutation.mutate({ method, code: value });
  }

  function switchMethod() {
    setMethod(method === 'totp' ? 'backup' : 'totp');
    setCode('');
    setMissing(false);
    mutation.reset();
  }

  const error = missing ? texts.missing : mutation.isError ? failureText(mutation.error) : null;

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-4"
      aria-label="Two-factor authentication"
    >
      {error ? <Alert tone="error">{error}</Alert> : null}
      <FormField label={texts.label} hint={texts.hint}>
        {method === 'totp' ? (
          <OneTimeCodeInput value={code} onValueChange={setCode} autoFocus />
        ) : (
          <Input
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            className="font-mono"
            autoFocus
          />
        )}
      </FormField>
      <SubmitButton pending={mutation.isPending} pendingLabel="Verifying..." className="w-full">
        Verify
      </SubmitButton>
      <div className="flex flex-col items-center gap-1 sm:flex-row sm:justify-between">
        <Button variant="link" className="h-auto px-0 py-1" onClick={switchMethod}>
          {texts.other}
        </Button>
        <BackToSignInLink onClick={onCancel} disabled={mutation.isPending} />
      </div>
    </form>
  );
}
