/**
 * This browser's Web Push side (docs/product.md#phone-notifications): whether it can receive
 * notifications at all, and subscribing or unsubscribing through the service worker's PushManager.
 */
import { SERVICE_WORKER_URL } from '../offline/service-worker';

/** Why this browser cannot receive notifications, or null when it can. */
export function pushUnavailableReason(): string | null {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window)) {
    return 'This browser cannot receive notifications. On an iPhone, add RideShare to your home screen (Share, then Add to Home Screen) and open it from there.';
  }
  if (!('Notification' in window)) return 'This browser cannot show notifications.';
  if (Notification.permission === 'denied') {
    return 'Notifications are blocked for this site. Allow them in your browser’s site settings, then come back.';
  }
  return null;
}

/** The app's service worker registration, registering it now if the page has not yet. */
async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (!existing) await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  return navigator.serviceWorker.ready;
}

/** This browser's current push subscription, if any (no registration: none). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  return existing ? existing.pushManager.getSubscription() : null;
}

/** The VAPID key (base64url) as the bytes PushManager.subscribe takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export interface SubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Asks permission and subscribes this browser with the server's key; answers what to send the server. */
export async function subscribeBrowser(publicKey: string): Promise<SubscriptionJson> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new Error('Notifications were not allowed. Allow them in your browser’s site settings to turn this on.');
  }
  const reg = await registration();
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}
