import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  browserSupportsPush,
  currentSubscription,
  PushPermissionRefused,
  turnPushOff,
  turnPushOn,
  usePushConfig,
} from '@/entities/notification/api/push-subscription';
import { errorMessage } from '@/lib/api-client';

/** Settings → Notifications: push notifications on this device (phone or computer). */
export function PushDeviceCard() {
  const config = usePushConfig();
  const supported = browserSupportsPush();
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!supported || !config.data?.enabled) return;
    let live = true;
    void currentSubscription()
      .then((s) => live && setOn(s !== null))
      .catch(() => live && setOn(false));
    return () => {
      live = false;
    };
  }, [supported, config.data?.enabled]);

  if (config.isPending) return null;
  const say = (text: string) => (
    <p className="mt-4 rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">{text}</p>
  );
  if (config.isError || !config.data.enabled || !config.data.publicKey)
    return say(
      'Push notifications are not set up on this server (VAPID keys). The other channels work as usual.',
    );
  if (!supported) return say('This browser cannot receive push notifications.');
  const publicKey = config.data.publicKey;

  async function toggle() {
    setBusy(true);
    try {
      if (on) {
        await turnPushOff();
        setOn(false);
        toast.success('Push notifications turned off on this device');
      } else {
        await turnPushOn(publicKey);
        setOn(true);
        toast.success('Push notifications turned on on this device');
      }
    } catch (error) {
      toast.error(
        error instanceof PushPermissionRefused
          ? error.message
          : errorMessage(error, 'Could not change push notifications on this device.'),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-4 flex flex-col gap-2 rounded-md border px-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm">
        <span className="font-medium">Push on this device: </span>
        {on === null ? 'checking...' : on ? 'on' : 'off'}
      </p>
      <Button
        variant="outline"
        size="sm"
        disabled={busy || on === null}
        onClick={() => void toggle()}
      >
        {on ? 'Turn off on this device' : 'Turn on on this device'}
      </Button>
    </div>
  );
}
