import { SIGN_IN_HEADER } from '@crewdesk/domain';
import { Tabs } from 'radix-ui';
import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { PageLoading } from '@/components/ui/page-loading';
import { safeReturnPath } from '@/lib/return-path';
import { useMe } from '@/lib/session/get-me';
import { clearSignedOut } from '@/lib/session/sign-out-state';
import { AuthShell } from '../components/auth-shell';
import { SignInForm } from '../components/sign-in-form';
import { SignUpForm } from '../components/sign-up-form';
import { TwoFactorStep } from '../components/two-factor-step';
import { CheckEmailStep, type CheckEmailReason } from '../components/check-email-step';
import { ConfirmEmailLink } from '../components/confirm-email-link';
import { PhoneCodeStep } from '../components/phone-code-step';

// Only some visitors need these, so they load when opened.
const ForgotPasswordStep = lazy(() =>
  import('../components/forgot-password-step').then((m) => ({ default: m.ForgotPasswordStep })),
);
const EmailCodeStep = lazy(() =>
  import('../components/email-code-step').then((m) => ({ default: m.EmailCodeStep })),
);

type Mode = 'sign-in' | 'sign-up';
type Step =
  'credentials' | 'two-factor' | 'forgot-password' | 'email-code' | 'check-email' | 'phone-code';

/** `?step=` opens a step directly (the reset page's "Ask for a new link" does). */
const LINKABLE_STEPS: readonly Step[] = ['forgot-password', 'email-code'];

/** What the reset-password page leaves in the location state for this page. */
export interface AuthPageState {
  passwordChanged?: boolean;
}

const HEADINGS: Record<
  Exclude<Step, 'credentials'> | Mode,
  { title: string; description: string }
> = {
  'sign-in': SIGN_IN_HEADER,
  'sign-up': {
    title: 'Create your Crewdesk account',
    description: 'Free software: your data stays on this installation.',
  },
  'two-factor': {
    title: 'Two-factor authentication',
    description: 'One more step: confirm it is you with your second factor.',
  },
  'forgot-password': {
    title: 'Reset your password',
    description: 'We will e-mail you a link to choose a new one.',
  },
  'email-code': {
    title: 'Sign in with a code',
    description: 'Use a one-time code from your e-mail instead of your password.',
  },
  'check-email': {
    title: 'Confirm your e-mail address',
    description: 'One last step before you can sign in.',
  },
  'phone-code': {
    title: 'Confirm your phone number',
    description: 'One last step before you can sign in.',
  },
};

const tabClass =
  'flex-1 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm';

/** Spec section 2: /auth and /auth/confirm. */
export function AuthPage() {
  const me = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>(params.get('mode') === 'sign-up' ? 'sign-up' : 'sign-in');
  // Spec section 4: the auth gate sends an unconfirmed user here with the needs-verification flag.
  const [step, setStep] = useState<Step>(() => {
    if (params.get('needsVerification') === 'true') return 'check-email';
    const linked = LINKABLE_STEPS.find((s) => s === params.get('step'));
    return linked ?? 'credentials';
  });
  const [checkEmailReason, setCheckEmailReason] = useState<CheckEmailReason>('needs-verification');
  const [confirmed, setConfirmed] = useState(false);
  // The number signed up (or signing in) whose texted code confirms it.
  const [phoneNumber, setPhoneNumber] = useState('');
  // The e-mail typed so far, carried between the sign-in form and the e-mail steps.
  const [email, setEmail] = useState('');
  const returnPath = safeReturnPath(params.get('redirect'));
  const passwordChanged = (location.state as AuthPageState | null)?.passwordChanged === true;

  // The sign-out has landed here; from now on a protected link keeps its return path.
  useEffect(() => clearSignedOut(), []);

  // The session's answer re-renders at once (a query store's update cannot wait); the form it
  // reveals renders in a deferred pass instead, in slices a phone can answer a tap between.
  const signedIn = useDeferredValue(Boolean(me.data));
  const sessionPending = useDeferredValue(me.isPending);

  // Spec section 4: a signed-in user on /auth goes on (to the return path, else /).
  if (signedIn) return <Navigate to={returnPath} replace />;
  if (sessionPending) return <PageLoading className="min-h-dvh" />;

  const isConfirm = location.pathname.startsWith('/auth/confirm');
  const confirmToken = isConfirm ? params.get('token') : null;
  const heading = HEADINGS[step === 'credentials' ? mode : step];
  const backToSignIn = (typed?: string) => {
    if (typed !== undefined) setEmail(typed);
    setMode('sign-in');
    setStep('credentials');
    // A reload should not reopen the step just left.
    if (params.has('step') || params.has('needsVerification')) {
      const rest = new URLSearchParams(params);
      rest.delete('step');
      rest.delete('needsVerification');
      setParams(rest, { replace: true });
    }
  };
  const checkEmail = (reason: CheckEmailReason) => (typed: string) => {
    setEmail(typed);
    setCheckEmailReason(reason);
    setStep('check-email');
  };
  const confirmPhone = (phoneNumber: string) => {
    setPhoneNumber(phoneNumber);
    setStep('phone-code');
  };
  const leaveConfirmLink = () => {
    setConfirmed(true);
    backToSignIn();
  };

  // /auth/confirm?token=…: confirm first; the rest of the page waits.
  if (confirmToken && !confirmed) {
    return (
      <AuthShell title="Confirming your e-mail" description="This takes a moment.">
        <ConfirmEmailLink
          token={confirmToken}
          onConfirmed={() => setConfirmed(true)}
          onCancel={leaveConfirmLink}
        />
      </AuthShell>
    );
  }
  const openStep = (next: Step) => (typed: string) => {
    setEmail(typed);
    setStep(next);
  };

  return (
    <AuthShell title={heading.title} description={heading.description}>
      {isConfirm && confirmed && step === 'credentials' ? (
        <Alert tone="success" className="mb-5">
          Your e-mail address is confirmed. Sign in to continue.
        </Alert>
      ) : null}
      {isConfirm && !confirmToken && step === 'credentials' ? (
        <Alert tone="error" className="mb-5">
          This confirmation link is incomplete. Open the link from the e-mail again, or sign in.
        </Alert>
      ) : null}
      {passwordChanged && step === 'credentials' ? (
        <Alert tone="success" className="mb-5">
          Your password was changed. Sign in with the new one.
        </Alert>
      ) : null}
      {returnPath !== '/' && !isConfirm && (step === 'credentials' || step === 'email-code') ? (
        <Alert className="mb-5">Sign in to continue to the page you asked for.</Alert>
      ) : null}
      {me.isError ? (
        <Alert tone="error" className="mb-5">
          Could not check whether you are signed in. The server may be unavailable.
        </Alert>
      ) : null}
      {step === 'two-factor' ? (
        <TwoFactorStep onCancel={() => backToSignIn()} />
      ) : step === 'phone-code' ? (
        <PhoneCodeStep phoneNumber={phoneNumber} onCancel={() => backToSignIn()} />
      ) : step === 'check-email' ? (
        <CheckEmailStep reason={checkEmailReason} email={email} onCancel={() => backToSignIn()} />
      ) : step === 'forgot-password' || step === 'email-code' ? (
        <Suspense fallback={<PageLoading />}>
          {step === 'forgot-password' ? (
            <ForgotPasswordStep
              defaultEmail={email}
              onCancel={backToSignIn}
              onPasswordChanged={() => {
                // Back to sign-in with the "password changed" notice (it lives in the location state).
                const rest = new URLSearchParams(params);
                rest.delete('step');
                const state: AuthPageState = { passwordChanged: true };
                void navigate(
                  { pathname: location.pathname, search: rest.toString() },
                  { replace: true, state },
                );
                setMode('sign-in');
                setStep('credentials');
              }}
            />
          ) : (
            <EmailCodeStep
              defaultEmail={email}
              onCancel={backToSignIn}
              onTwoFactorRequired={() => setStep('two-factor')}
            />
          )}
        </Suspense>
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
            <SignInForm
              defaultEmail={email}
              onTwoFactorRequired={() => setStep('two-factor')}
              onForgotPassword={openStep('forgot-password')}
              onEmailCode={openStep('email-code')}
              onNeedsVerification={checkEmail('needs-verification')}
              onPhoneNotVerified={confirmPhone}
            />
          </Tabs.Content>
          <Tabs.Content value="sign-up" className="outline-none">
            <SignUpForm
              onConfirmationSent={checkEmail('signed-up')}
              onPhoneCodeSent={confirmPhone}
            />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </AuthShell>
  );
}
