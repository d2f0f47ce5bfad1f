import { Settings } from 'lucide-react';
import { accountDisplayName, NO_ACCOUNT_SELECTED, ROLE_LABELS } from '@crewdesk/domain';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useSession } from '@/lib/session/session-context';

export function SettingsPage() {
  const { user, activeAccount, role } = useSession();
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.name;
  const rows = [
    { label: 'Name', value: name },
    { label: 'Email', value: user.email },
    {
      label: 'Account',
      value: activeAccount ? accountDisplayName(activeAccount) : NO_ACCOUNT_SELECTED,
    },
    { label: 'Your role', value: ROLE_LABELS[role] },
  ];
  return (
    <>
      <PageHeader title="Settings" description="Your profile and this business account." />
      <Card className="mb-6 p-5">
        <h2 className="text-base font-semibold">Profile</h2>
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
          {rows.map((row) => (
            <div key={row.label} className="contents">
              <dt className="text-muted-foreground">{row.label}</dt>
              <dd className="break-words font-medium">{row.value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <EmptyState
        icon={Settings}
        title="More settings arrive with the Settings module"
        upcoming={[
          'Edit your profile and photo; password and two-factor sign-in',
          'Business profile and branding, team and roles',
          'Notifications, integrations (mail, payments, maps, AI) and full data export',
        ]}
      >
        In this version your profile is read-only.
      </EmptyState>
    </>
  );
}
