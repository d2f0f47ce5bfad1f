import {
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
  useNotificationSettings,
  useSaveNotificationSettings,
} from '@/entities/notification/api/notification-api';
import { errorMessage } from '@/lib/api-client';
import { PushDeviceCard } from './push-device-card';

type Grid = Record<string, boolean>;

const key = (kind: NotificationKind, channel: NotificationChannel) => `${kind}:${channel}`;

function gridOf(settings: NotificationSettings): Grid {
  return Object.fromEntries(settings.effective.map((e) => [key(e.kind, e.channel), e.enabled]));
}

/** Settings → Notifications: which kinds reach the member on which channel, and the digest. */
export function NotificationsSection() {
  const settings = useNotificationSettings();
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
  return <NotificationsForm settings={settings.data} />;
}

function NotificationsForm({ settings }: { settings: NotificationSettings }) {
  const [grid, setGrid] = useState<Grid>(() => gridOf(settings));
  const [digest, setDigest] = useState(settings.dailyDigest);
  const save = useSaveNotificationSettings();
  const channels = NOTIFICATION_CHANNELS.filter((channel) =>
    settings.effective.some((e) => e.channel === channel && e.available),
  );
  const unavailable = NOTIFICATION_CHANNELS.filter((c) => !channels.includes(c));

  function submit() {
    const preferences = NOTIFICATION_KINDS.flatMap((kind) =>
      channels.map((channel) => ({ kind, channel, enabled: grid[key(kind, channel)] ?? false })),
    );
    save.mutate(
      { preferences, dailyDigest: digest },
      {
        onSuccess: (answer) => {
          setGrid(gridOf(answer));
          toast.success('Notification settings saved');
        },
        onError: (error) =>
          toast.error(errorMessage(error, 'Could not save your notification settings.')),
      },
    );
  }

  return (
    <Card className="p-4 sm:p-6">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">What you are told, and how</caption>
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
                    const id = `notify-${kind}-${channel}`;
                    return (
                      <td key={channel} className="px-2 py-2 text-center">
                        <input
                          id={id}
                          type="checkbox"
                          className="size-5 accent-primary"
                          aria-label={`${NOTIFICATION_RULES[kind].label}: ${NOTIFICATION_CHANNEL_LABELS[channel]}`}
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
        <PushDeviceCard />
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
        <div className="mt-5">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
