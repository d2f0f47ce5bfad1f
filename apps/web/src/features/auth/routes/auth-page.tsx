import { Tabs } from 'radix-ui';
import { useEffect, useState } from 'react';
import { PublicLinks } from '@/components/public-links';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { Brand } from '@/components/brand';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { PageLoading } from '@/components/ui/page-loading';
import { safeReturnPath } from '@/lib/return-path';
import { useMe } from '@/lib/session/get-me';
import { clearSignedOut } from '@/lib/session/sign-out-state';
import { SignInForm } from '../components/sign-in-form';
import { SignUpForm } from '../components/sign-up-form';
import { TwoFactorStep } from '../components/two-factor-step';

type Mode = 'sign-in' | 'sign-up';

const tabClass =
  'flex-1 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm';

/** /auth/confirm opens this page too; e-mail confirmation is not part of this version yet. */
function ConfirmationNotice({ hasToken }: { hasToken: boolean }) {
  return (
    <Alert className="mb-5">
      {hasToken ? (
        <>
          <strong className="font-semibold">Nothing to confirm yet.</strong> E-mail confirmation is
          not switched on in this version of Crewdesk: accounts can sign in as soon as they are
          created.
        </>
      ) : (
        <>
          <strong className="font-semibold">This confirmation link has no token.</strong> E-mail
          confirmation is not switched on in this version of Crewdesk yet: accounts can sign in as
          soon as they are created.
        </>
      )}
    </Alert>
  );
}

/** Spec section 2: /auth and /auth/confirm. */
export function AuthPage() {
  const me = useMe();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(params.get('mode') === 'sign-up' ? 'sign-up' : 'sign-in');
  const [twoFactor, setTwoFactor] = useState(false);
  const returnPath = safeReturnPath(params.get('redirect'));

  // The sign-out has landed here; from now on a protected link keeps its return path.
  useEffect(() => clearSignedOut(), []);

  // Spec section 4: a signed-in user on /auth goes on (to the return path, else /).
  if (me.data) return <Navigate to={returnPath} replace />;
  if (me.isPending) return <PageLoading className="min-h-dvh" />;

  const isConfirm = pathname.startsWith('/auth/confirm');
  const hasToken = Boolean(params.get('token') ?? params.get('token_hash') ?? params.get('code'));
  const heading = twoFactor
    ? {
        title: 'Two-factor authentication',
        description: 'One more step: confirm it is you with your second factor.',
      }
    : mode === 'sign-in'
      ? {
          title: 'Welcome back',
          description: 'Sign in to manage your contacts, jobs and invoices.',
        }
      : {
          title: 'Create your Crewdesk account',
          description: 'Free software: your data stays on this installation.',
        };

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-surface px-4 py-10">
      <div className="w-full max-w-md">
        <div className="mb-6 flex flex-col items-center text-center">
          <Brand />
          <h1 className="mt-4 text-2xl font-semibold tracking-tight">{heading.title}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{heading.description}</p>
        </div>
        <Card className="p-5 sm:p-6">
          {isConfirm && !twoFactor ? <ConfirmationNotice hasToken={hasToken} /> : null}
          {returnPath !== '/' && !isConfirm && !twoFactor ? (
            <Alert className="mb-5">Sign in to continue to the page you asked for.</Alert>
          ) : null}
          {me.isError ? (
            <Alert tone="error" className="mb-5">
              Could not check whether you are signed in. The server may be unavailable.
            </Alert>
          ) : null}
          {twoFactor ? (
            <TwoFactorStep onCancel={() => setTwoFactor(false)} />
          ) : (
            <Tabs.Root value={mode} onValueChange={(value) => setMode(value as Mode)}>
              <Tabs.List
                aria-label="Sign in or create an account"
                className="mb-5 flex gap-1 rounded-lg bg-muted p-1"
              >
                <Tabs.Trigger value="sign-in" className={tabClass}>
                  Sign in
                </Tabs.Trigger>
                <Tabs.Trigger value="sign-up" className={tabClass}>
                  Create account
                </Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="sign-in" className="outline-none">
                <SignInForm onTwoFactorRequired={() => setTwoFactor(true)} />
              </Tabs.Content>
              <Tabs.Content value="sign-up" className="outline-none">
                <SignUpForm />
              </Tabs.Content>
            </Tabs.Root>
          )}
        </Card>
        <PublicLinks
          label="Help and legal"
          className="mt-6 justify-center text-sm text-muted-foreground"
        />
      </div>
    </main>
  );
}
