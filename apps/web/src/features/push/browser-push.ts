/**
 * This browser's Web Push side (docs/product.md#phone-notifications): whether it can receive
 * notifications at all, and subscribing or unsubscribing through the service worker's PushManager.
 */
import { SERVICE_WORKER_URL } from '../offline/service-worker';

/** How to allow notifications once a browser refused them: said in words, not as an error code. */
export const NOTIFICATIONS_BLOCKED_SENTENCE =
  'Notifications are blocked for RideShare in this browser. To allow them, open the site settings (the icon just left of the address), set Notifications to Allow, then turn this switch on again.';

/** The browser refused notifications (the user said no, or blocked them earlier): not a failure of ours. */
export class NotificationsBlockedError extends Error {
  constructor() {
    super(NOTIFICATIONS_BLOCKED_SENTENCE);
    this.name = 'NotificationsBlockedError';
  }
}

/** Whether a PushManager error means "not allowed" (Chrome: NotAllowedError 'Registration failed - permission denied'). */
function isPermissionRefusal(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'NotAllowedError' || /permission denied/i.test(error.message);
}

/** Why this browser cannot receive notifications, or null when it can. */
export function pushUnavailableReason(): string | null {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window)) {
    return 'This browser cannot receive notifications. On an iPhone, add RideShare to your home screen (Share, then Add to Home Screen) and open it from there.';
  }
  if (!('Notification' in window)) return 'This browser cannot show notifications.';
  if (Notification.permission === 'denied') {
    return NOTIFICATIONS_BLOCKED_SENTENCE;
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
  if (permission !== 'granted') throw new NotificationsBlockedError();
  const reg = await registration();
  let subscription: PushSubscription;
  try {
    subscription =
      (await reg.pushManager.getSubscription()) ??
      (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  } catch (error) {
    if (isPermissionRefusal(error)) throw new NotificationsBlockedError();
    throw error;
  }
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}
