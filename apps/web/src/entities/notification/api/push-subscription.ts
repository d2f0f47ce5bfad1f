import { useQuery } from '@tanstack/react-query';
import type { PushConfig } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { SERVICE_WORKER_PATH } from '@/lib/service-worker';

/** `GET /api/push/config`: whether this server sends push, and the key to subscribe with. */
export function usePushConfig() {
  return useQuery({
    queryKey: ['notifications', 'push-config'],
    queryFn: ({ signal }) => apiRequest<PushConfig>('/push/config', { signal }),
    staleTime: Infinity,
  });
}

/** Whether this browser can receive Web Push at all (a service worker and the Push API). */
export function browserSupportsPush(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The person (or the browser's settings) refused notifications for this site. */
export class PushPermissionRefused extends Error {
  constructor() {
    super(
      'This browser blocks notifications from Crewdesk. Allow them in its site settings first.',
    );
  }
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/** This browser's current push subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_PATH);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Asks the person's permission, registers the push-only service worker, subscribes with the
 * server's key and tells the server. Throws with a readable message when permission is refused.
 */
export async function turnPushOn(publicKey: string): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionRefused();
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_PATH);
  await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  await apiRequest('/push/subscriptions', { method: 'POST', body: subscription.toJSON() });
}

export async function turnPushOff(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await apiRequest('/push/subscriptions', {
    method: 'DELETE',
    body: { endpoint: subscription.endpoint },
  });
  await subscription.unsubscribe();
}
