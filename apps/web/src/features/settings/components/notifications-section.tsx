import {
  hasBusinessAdminRights,
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_RULES,
  type NotificationChannel,
  type NotificationKind,
  type NotificationSettings,
} from '@crewdesk/domain';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageLoading } from '@/components/ui/page-loading';
import {
  useNotificationDefaults,
  useNotificationSettings,
  useSaveNotificationDefaults,
  useSaveNotificationSettings,
} from '@/entities/notification/api/notification-api';
import { useSession } from '@/lib/session/session-context';
import { errorMessage } from '@/lib/api-client';
import { PushDeviceCard } from './push-device-card';
import { SubmitButton } from '@/components/ui/submit-button';

type Grid = Record<string, boolean>;

const key = (kind: NotificationKind, channel: NotificationChannel) => `${kind}:${channel}`;

function gridOf(settings: NotificationSettings): Grid {
  return Object.fromEntries(settings.effective.map((e) => [key(e.kind, e.channel), e.enabled]));
}

/**
 * Settings → Notifications: which kinds reach the member on which channel, and the digest; for
 * admins also the business's defaults, which apply to whoever has not chosen.
 */
export function NotificationsSection() {
  const { role } = useSession();
  const admin = hasBusinessAdminRights(role);
  const settings = useNotificationSettings();
  const defaults = useNotificationDefaults(admin);
  if (settings.isPending) return <PageLoading />;
  if (settings.isError)
    return (
      <Alert tone="error">
        Could not load your notification settings.{' '}
        <Button variant="outline" size="sm" onClick={() => void settings.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  return (
    <div className="space-y-4">
      <NotificationsForm settings={settings.data} title="What you get" />
      {admin && defaults.data ? (
        <NotificationsForm
          key="defaults"
          settings={defaults.data}
          title="Defaults for the team"
          description="What a member gets until they choose for themselves."
          team
        />
      ) : null}
      {admin && defaults.isError ? (
        <Alert tone="error">Could not load the team’s defaults.</Alert>
      ) : null}
    </div>
  );
}

function NotificationsForm({
  settings,
  title,
  description,
  team = false,
}: {
  settings: NotificationSettings;
  title: string;
  description?: string;
  /** The business's defaults (no digest, saved for everyone) rather than the member's own. */
  team?: boolean;
}) {
  const [grid, setGrid] = useState<Grid>(() => gridOf(settings));
  const [digest, setDigest] = useState(settings.dailyDigest);
  const saveOwn = useSaveNotificationSettings();
  const saveTeam = useSaveNotificationDefaults();
  const save = team ? saveTeam : saveOwn;
  const channels = NOTIFICATION_CHANNELS.filter((channel) =>
    settings.effective.some((e) => e.channel === channel && e.available),
  );
  const unavailable = NOTIFICATION_CHANNELS.filter((c) => !channels.includes(c));

  function submit() {
    const preferences = NOTIFICATION_KINDS.flatMap((kind) =>
      channels.map((channel) => ({ kind, channel, enabled: grid[key(kind, channel)] ?? false })),
    );
    const done = {
      onSuccess: (answer: NotificationSettings) => {
        setGrid(gridOf(answer));
        toast.success(team ? 'Team defaults saved' : 'Notification settings saved');
      },
      onError: (error: unknown) =>
        toast.error(errorMessage(error, 'Could not save the notification settings.')),
    };
    if (team) saveTeam.mutate({ preferences }, done);
    else saveOwn.mutate({ preferences, dailyDigest: digest }, done);
  }

  return (
    <Card className="p-4 sm:p-6">
      <h3 className="text-base font-semibold">{title}</h3>
      {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      <form
        aria-label={title}
        className="mt-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b text-left">
                <th scope="col" className="py-2 pr-3 font-medium">
                  When
                </th>
                {channels.map((channel) => (
                  <th key={channel} scope="col" className="px-2 py-2 text-center font-medium">
                    {NOTIFICATION_CHANNEL_LABELS[channel]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {NOTIFICATION_KINDS.map((kind) => (
                <tr key={kind} className="border-b last:border-b-0">
                  <th scope="row" className="py-2 pr-3 text-left font-normal">
                    {NOTIFICATION_RULES[kind].label}
                  </th>
                  {channels.map((channel) => {
                    const critical = channel === 'in_app' && NOTIFICATION_RULES[kind].critical;
                    const id = `notify-${team ? 'team' : 'own'}-${kind}-${channel}`;
                    return (
                      <td key={channel} className="px-2 py-2 text-center">
                        <input
                          id={id}
                          type="checkbox"
                          className="size-5 accent-primary"
                          aria-label={`${team ? 'Team default: ' : ''}${NOTIFICATION_RULES[kind].label}: ${NOTIFICATION_CHANNEL_LABELS[channel]}`}
                          checked={critical || (grid[key(kind, channel)] ?? false)}
                          disabled={critical}
                          title={critical ? 'Always shown in the app' : undefined}
                          onChange={(e) =>
                            setGrid((g) => ({ ...g, [key(kind, channel)]: e.target.checked }))
                          }
                        />
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-3 text-xs text-muted-foreground">
          Overdue invoices always show in the app.
          {unavailable.includes('sms')
            ? ' Text messages need a text-message gateway (SMS_WEBHOOK_URL) on this server.'
            : ''}
        </p>
        {team ? null : <PushDeviceCard />}
        {team ? null : (
          <label className="mt-4 flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-5 accent-primary"
              checked={digest}
              onChange={(e) => setDigest(e.target.checked)}
            />
            <span>
              <span className="font-medium">Daily digest</span>
              <span className="block text-muted-foreground">
                One e-mail a day with what you have not read, instead of an e-mail for each.
              </span>
            </span>
          </label>
        )}
        <div className="mt-5">
          <SubmitButton pending={save.isPending} pendingLabel="Saving...">
            {team ? 'Save team defaults' : 'Save'}
          </SubmitButton>
        </div>
      </form>
    </Card>
  );
}
