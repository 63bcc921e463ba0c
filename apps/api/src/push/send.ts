/**
 * Sending one push message: the `web-push` library encrypts the payload for the subscription
 * (aes128gcm) and signs the VAPID header; the request goes out with a time limit, so a slow push
 * service holds up nothing but its own retry, and only to an allowed push service at a public
 * address (docs/architecture.md#push-endpoints).
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

import webpush from 'web-push';

import {
  checkPushEndpoint,
  pushConnectionLookup,
  RefusedPushAddressError,
  type PushEndpointPolicy,
  type PushResolve,
} from './endpoint-policy';
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

/** The endpoint is not one a message may go to (docs/architecture.md#push-endpoints): never retried. */
export class PushEndpointRefused extends PushSendError {
  constructor(message: string) {
    super(null, message);
    this.name = 'PushEndpointRefused';
  }
}

/** Sends one message or throws a PushSendError. */
export type PushSender = (target: PushTarget, payload: string, keys: VapidKeys) => Promise<void>;

/** How long a push service may take to answer. */
export const PUSH_SEND_TIMEOUT_MS = 10_000;
/** How long the push service keeps a message for a phone that is off (a day). */
const PUSH_TTL_SECONDS = 86_400;

/** Posts the encrypted message with the policy's connection lookup; answers the status code. */
function post(
  url: URL,
  request: { method: string; headers: Record<string, string>; body: Buffer | null },
  lookup: ReturnType<typeof pushConnectionLookup>,
): Promise<number> {
  const send = url.protocol === 'http:' ? httpRequest : httpsRequest;
  return new Promise((resolve, reject) => {
    const outgoing = send(
      url,
      {
        method: request.method,
        headers: request.body ? { ...request.headers, 'content-length': String(request.body.length) } : request.headers,
        lookup: lookup,
      },
      (response) => {
        // The answer's body says nothing the status does not; it is read and dropped.
        response.resume();
        response.on('end', () => {
          clearTimeout(timer);
          resolve(response.statusCode ?? 0);
        });
        response.on('error', reject);
      },
    );
    // The whole exchange, not only each pause, is held to the time limit.
    const timer = setTimeout(
      () => outgoing.destroy(new Error('the push service did not answer in time')),
      PUSH_SEND_TIMEOUT_MS,
    );
    outgoing.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    outgoing.end(request.body ?? undefined);
  });
}

/**
 * The sender of the running server: the endpoint is checked against the policy again (a
 * subscription stored before a rule changed obeys it too), then the message goes out through the
 * lookup that refuses addresses no push service has (docs/architecture.md#push-endpoints). Redirects
 * are not followed. A refused endpoint is a {@link PushEndpointRefused}: the subscription is dropped.
 */
export function webPushSender(policy: PushEndpointPolicy, resolve?: PushResolve): PushSender {
  const lookup = pushConnectionLookup(policy.allowLoopback, resolve);
  return async (target, payload, keys) => {
    let url: URL;
    try {
      url = checkPushEndpoint(target.endpoint, policy);
    } catch (error) {
      throw new PushEndpointRefused(error instanceof Error ? error.message : String(error));
    }
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
    let status: number;
    try {
      status = await post(url, { method: details.method, headers, body: details.body ?? null }, lookup);
    } catch (error) {
      if (error instanceof RefusedPushAddressError) throw new PushEndpointRefused(error.message);
      throw new PushSendError(null, error instanceof Error ? error.message : String(error));
    }
    if (status < 200 || status >= 300) {
      throw new PushSendError(status, `the push service answered ${String(status)}`);
    }
  };
}
