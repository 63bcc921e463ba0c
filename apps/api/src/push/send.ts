/**
 * Sending one push message: the `web-push` library encrypts the payload for the subscription
 * (aes128gcm) and signs the VAPID header; the request goes out with a time limit, so a slow push
 * service holds up nothing but its own retry.
 */
import webpush from 'web-push';

import type { VapidKeys } from './vapid';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The push service refused the message (`status`), or it did not answer (`status` null). */
export class PushSendError extends Error {
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'PushSendError';
  }
}

/** Sends one message or throws a PushSendError. */
export type PushSender = (target: PushTarget, payload: string, keys: VapidKeys) => Promise<void>;

/** How long a push service may take to answer. */
export const PUSH_SEND_TIMEOUT_MS = 10_000;
/** How long the push service keeps a message for a phone that is off (a day). */
const PUSH_TTL_SECONDS = 86_400;

export const webPushSender: PushSender = async (target, payload, keys) => {
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    payload,
    {
      vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
    },
  );
  const headers = Object.fromEntries(
    Object.entries(details.headers).filter(([name]) => name.toLowerCase() !== 'content-length'),
  ) as Record<string, string>;
  let response: Response;
  try {
    response = await fetch(details.endpoint, {
      method: details.method,
      headers,
      body: details.body ?? null,
      redirect: 'error',
      signal: AbortSignal.timeout(PUSH_SEND_TIMEOUT_MS),
    });
  } catch (error) {
    throw new PushSendError(null, error instanceof Error ? error.message : String(error));
  }
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) throw new PushSendError(response.status, `the push service answered ${String(response.status)}`);
};
