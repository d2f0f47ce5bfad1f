import { Rocket } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/** Spec section 2: /onboarding. The guided set-up arrives with account onboarding. */
export function OnboardingPage() {
  return (
    <EmptyState
      icon={Rocket}
      title="Business set-up"
      upcoming={[
        'Your name and your business name',
        'Business details: industry, address, phone and website',
        'Inviting your team',
      ]}
      actions={
        <Button asChild>
          <Link to="/">Go to Home</Link>
        </Button>
      }
    >
      A short guided set-up will live here. It is not part of this version yet: your business
      account was created when you signed up, and you can start straight away.
    </EmptyState>
  );
}
