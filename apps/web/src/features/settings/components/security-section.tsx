import { AccessTokensCard } from '@/entities/assistant/ui/access-tokens-card';
import { ActiveSessions } from './active-sessions';
import { ChangePasswordForm } from './change-password-form';
import { TwoFactorSettings } from './two-factor-settings';

export function SecuritySection() {
  return (
    <div className="space-y-6">
      <ChangePasswordForm />
      <TwoFactorSettings />
      <ActiveSessions />
      <AccessTokensCard />
    </div>
  );
}
