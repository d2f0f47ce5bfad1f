import { isPersonalAccount } from '@crewdesk/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Brand } from '@/components/brand';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageLoading } from '@/components/ui/page-loading';
import { authPathWithReturn } from '@/lib/return-path';
import { meQueryKey, meQueryOptions, useMe } from '@/lib/session/get-me';
import { isVerifiedUser, type MeResponse } from '@/lib/session/types';
import { BusinessStep } from '../components/business-step';
import { PlanStep } from '../components/plan-step';
import { ProfileStep } from '../components/profile-step';
import { ONBOARDING_STEPS, StepIndicator } from '../components/step-indicator';

const HEADINGS = [
  { title: 'Welcome to Crewdesk', description: 'First, tell us who you are.' },
  { title: 'Your business', description: 'Customers see this on quotes and invoices.' },
  { title: 'Your plan', description: 'Everything is included; nothing to pay.' },
] as const;

/** The name a user gave at sign-up, when their own account carries it. */
function businessNameFrom(me: MeResponse): string {
  const owned = me.accounts.find((a) => a.role === 'owner' && !isPersonalAccount(a));
  return owned?.account_name ?? '';
}

function OnboardingSteps({ me }: { me: MeResponse }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Pick up where the user left off (the last step done, plus one).
  const [step, setStep] = useState(() =>
    Math.min(me.onboarding.stepCompleted, ONBOARDING_STEPS.length - 1),
  );
  const refreshMe = () => queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
  const next = async () => {
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
    setStep((s) => s + 1);
  };
  const finish = async () => {
    await refreshMe();
    void navigate('/', { replace: true });
  };
  const back = () => setStep((s) => Math.max(0, s - 1));
  const heading = HEADINGS[step] ?? HEADINGS[0];

  return (
    <main className="flex min-h-dvh flex-col items-center bg-surface px-4 py-8 sm:py-12">
      <div className="w-full max-w-xl">
        <div className="mb-6 flex justify-center">
          <Brand />
        </div>
        <Card className="p-5 sm:p-8">
          <StepIndicator current={step} />
          <h1 className="text-2xl font-semibold tracking-tight">{heading.title}</h1>
          <p className="mb-6 mt-1 text-sm text-muted-foreground">{heading.description}</p>
          {step === 0 ? (
            <ProfileStep user={me.user} onDone={next} />
          ) : step === 1 ? (
            <BusinessStep defaultBusinessName={businessNameFrom(me)} onBack={back} onDone={next} />
          ) : (
            <PlanStep onBack={back} onDone={finish} />
          )}
        </Card>
      </div>
    </main>
  );
}

/**
 * Spec section 2/4: /onboarding, for a signed-in user the auth gate sends here. A visitor goes
 * to /auth first; a user with nothing left to set up goes home.
 */
export function OnboardingPage() {
  const me = useMe();

  if (me.isPending) return <PageLoading className="min-h-dvh" />;
  if (me.isError) {
    return (
      <main className="grid min-h-dvh place-items-center p-4">
        <Alert tone="error" className="max-w-md">
          Could not load your account. The server may be unavailable.{' '}
          <Button variant="link" className="h-auto p-0" onClick={() => void me.refetch()}>
            Try again
          </Button>
        </Alert>
      </main>
    );
  }
  if (!me.data) return <Navigate to={authPathWithReturn('/onboarding')} replace />;
  if (!isVerifiedUser(me.data.user)) return <Navigate to="/auth?needsVerification=true" replace />;
  return <OnboardingOrHome me={me.data} />;
}

function OnboardingOrHome({ me }: { me: MeResponse }) {
  // Decided once, on arrival: saving step 2 may already make onboarding "not needed".
  const [required] = useState(me.onboarding.required);
  if (!required) return <Navigate to="/" replace />;
  return <OnboardingSteps me={me} />;
}
