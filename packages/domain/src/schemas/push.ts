/**
 * Phone notifications' inputs (docs/product.md#phone-notifications): a browser's push subscription
 * as the Push API gives it, and the endpoint that names it for unsubscribing. Whether an endpoint's
 * address is allowed (https, or loopback http in tests) is the service's decision.
 */
import { z } from 'zod';

import { isSafeText, unsafeTextMessage } from './fields';

/** Longest endpoint URL accepted (push services use well under 1 KB). */
export const MAX_PUSH_ENDPOINT_LENGTH = 2048;

/** A URL without control characters (a NUL cannot reach the database: docs/product.md#validation). */
const endpoint = z
  .string({ error: 'The push endpoint must be a URL' })
  .max(MAX_PUSH_ENDPOINT_LENGTH, { error: 'The push endpoint is too long' })
  .refine((value) => isSafeText(value), { error: unsafeTextMessage('The push endpoint') })
  .pipe(z.url({ error: 'The push endpoint must be a URL' }));

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Base64url (padding allowed) that decodes to exactly `bytes` bytes, the first being `firstByte` when given. */
function base64urlKey(bytes: number, message: string, firstByte?: number) {
  return z.string({ error: message }).refine((value) => {
    const text = value.replace(/={1,2}$/, '');
    if (!/^[A-Za-z0-9_-]+$/.test(text) || text.length % 4 === 1) return false;
    if (Math.floor((text.length * 6) / 8) !== bytes) return false;
    const first = (BASE64URL.indexOf(text[0] ?? '') << 2) | (BASE64URL.indexOf(text[1] ?? '') >> 4);
    return firstByte === undefined || first === firstByte;
  }, message);
}

/** `{ endpoint, keys: { p256dh, auth } }`: p256dh an uncompressed P-256 point (65 bytes), auth 16 bytes. */
export const pushSubscribeInput = z.object({
  endpoint,
  keys: z.object(
    {
      p256dh: base64urlKey(65, 'keys.p256dh must be the browser’s P-256 public key (65 bytes, base64url)', 0x04),
      auth: base64urlKey(16, 'keys.auth must be the browser’s 16-byte auth secret (base64url)'),
    },
    { error: 'keys must be an object with p256dh and auth' },
  ),
});
export type PushSubscribeInput = z.output<typeof pushSubscribeInput>;

/** `{ endpoint }`: the subscription to drop. */
export const pushUnsubscribeInput = z.object({ endpoint });
export type PushUnsubscribeInput = z.output<typeof pushUnsubscribeInput>;
