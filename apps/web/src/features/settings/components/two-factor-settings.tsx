import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageLoading } from '@/components/ui/page-loading';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session/session-context';
import { currentSessionQueryOptions } from '../api/current-session';
import { disableTwoFactor } from '../api/disable-two-factor';
import { enableTwoFactor, type TwoFactorSetup } from '../api/enable-two-factor';
import { generateBackupCodes } from '../api/generate-backup-codes';
import { useRefreshSecurity } from '../api/use-refresh-security';
import { BackupCodes } from './backup-codes';
import { PasswordDialog } from './password-dialog';
import { TwoFactorEnrolment } from './two-factor-enrolment';

type View =
  | { kind: 'status' }
  | { kind: 'enrolling'; setup: TwoFactorSetup }
  | { kind: 'backup-codes'; codes: string[] };

type PasswordStep = 'enable' | 'disable' | 'new-codes' | null;

/** Two-factor sign-in: turn it on with an authenticator app, turn it off, renew backup codes. */
export function TwoFactorSettings() {
  const { user } = useSession();
  const current = useQuery(currentSessionQueryOptions());
  const refreshSecurity = useRefreshSecurity();
  const [view, setView] = useState<View>({ kind: 'status' });
  const [passwordStep, setPasswordStep] = useState<PasswordStep>(null);
  const enabled = current.data?.user.twoFactorEnabled === true;
  /** One password dialog at a time: each is open while its step is the one asked for. */
  const passwordDialog = (step: NonNullable<PasswordStep>) => ({
    open: passwordStep === step,
    onOpenChange: (open: boolean) => setPasswordStep(open ? step : null),
  });

  async function onEnrolled(setup: TwoFactorSetup) {
    // The server replaced this browser's session when it turned two-factor on.
    await refreshSecurity();
    toast.success('Two-factor authentication is on', {
      description: 'Signing in now asks for a code from your app.',
    });
    setView({ kind: 'backup-codes', codes: setup.backupCodes });
  }

  async function onDisabled() {
    await refreshSecurity();
    toast.success('Two-factor authentication is off', {
      description: 'Signing in now asks for your password only.',
    });
  }

  function onNewCodes({ backupCodes }: { backupCodes: string[] }) {
    toast.success('New backup codes created', { description: 'Your old codes no longer work.' });
    setView({ kind: 'backup-codes', codes: backupCodes });
  }

  let body;
  if (view.kind === 'enrolling') {
    body = (
      <TwoFactorEnrolment
        totpURI={view.setup.totpURI}
        onConfirmed={() => onEnrolled(view.setup)}
        onCancel={() => setView({ kind: 'status' })}
      />
    );
  } else if (view.kind === 'backup-codes') {
    body = (
      <BackupCodes
        codes={view.codes}
        email={user.email}
        onDone={() => setView({ kind: 'status' })}
      />
    );
  } else if (current.isPending) {
    body = <PageLoading className="p-6" />;
  } else if (current.isError) {
    body = (
      <Alert tone="error">
        {errorMessage(current.error, 'Could not load your security settings. Please try again.')}
      </Alert>
    );
  } else if (enabled) {
    body = (
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="outline" onClick={() => setPasswordStep('new-codes')}>
          New backup codes
        </Button>
        <Button variant="outline" onClick={() => setPasswordStep('disable')}>
          Turn off
        </Button>
      </div>
    );
  } else {
    body = (
      <div>
        <Button onClick={() => setPasswordStep('enable')}>Turn on</Button>
      </div>
    );
  }

  const showStatus = view.kind === 'status' && current.isSuccess;

  return (
    <Card className="p-5 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <h3 className="text-base font-semibold">Two-factor authentication</h3>
        {showStatus ? (
          <span
            className={cn(
              'rounded-full px-2 py-0.5 text-xs font-medium',
              enabled ? 'bg-success/10 text-success' : 'bg-muted text-muted-foreground',
            )}
          >
            {enabled ? 'On' : 'Off'}
          </span>
        ) : null}
      </div>
      {showStatus ? (
        <p className="mb-4 text-sm text-muted-foreground">
          {enabled
            ? 'Signing in asks for your password and a code from your authenticator app, or one of your backup codes.'
            : 'Add a second step to signing in: a code from an authenticator app on your phone, so a stolen password alone is not enough.'}
        </p>
      ) : null}
      {body}

      <PasswordDialog
        {...passwordDialog('enable')}
        title="Turn on two-factor authentication"
        description="Enter your password to start. You will then connect an authenticator app."
        confirmLabel="Continue"
        pendingLabel="Checking..."
        action={enableTwoFactor}
        onDone={(setup) => setView({ kind: 'enrolling', setup })}
      />
      <PasswordDialog
        {...passwordDialog('disable')}
        title="Turn off two-factor authentication"
        description="Signing in will ask for your password only, and your backup codes stop working."
        confirmLabel="Turn off"
        pendingLabel="Turning off..."
        destructive
        action={disableTwoFactor}
        onDone={onDisabled}
      />
      <PasswordDialog
        {...passwordDialog('new-codes')}
        title="New backup codes"
        description="Your current backup codes stop working as soon as the new ones are made."
        confirmLabel="Create new codes"
        pendingLabel="Creating..."
        action={generateBackupCodes}
        onDone={onNewCodes}
      />
    </Card>
  );
}
