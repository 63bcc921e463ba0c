/**
 * A push service on loopback for the tests, and a browser's side of Web Push: a subscription's key
 * pair and auth secret, and decrypting what arrives (aes128gcm, RFC 8188 with the keys of RFC 8291).
 */
import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface LocalPushService {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  received: ReceivedPush[];
  /** The status the next messages get (201 by default). */
  respondWith: (status: number) => void;
  close: () => Promise<void>;
}

export async function startLocalPushService(): Promise<LocalPushService> {
  const received: ReceivedPush[] = [];
  let status = 201;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${String(port)}`,
    received,
    respondWith: (next) => {
      status = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A browser's subscription keys: a P-256 key pair and a 16-byte auth secret. */
export class BrowserPushKeys {
  private readonly ecdh = createECDH('prime256v1');
  readonly auth = randomBytes(16);
  readonly publicKey: Buffer;

  constructor() {
    this.publicKey = this.ecdh.generateKeys();
  }

  /** The `keys` object of PushSubscription.toJSON(). */
  get json(): { p256dh: string; auth: string } {
    return { p256dh: this.publicKey.toString('base64url'), auth: this.auth.toString('base64url') };
  }

  /** Decrypts one aes128gcm message body (a single record) sent to this subscription. */
  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const idLength = body.readUInt8(20);
    const serverPublicKey = body.subarray(21, 21 + idLength);
    const ciphertext = body.subarray(21 + idLength);
    const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();
    const shared = this.ecdh.computeSecret(serverPublicKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), this.publicKey, serverPublicKey, Buffer.from([1])]);
    const ikm = hmac(hmac(this.auth, shared), keyInfo);
    const prk = hmac(salt, ikm);
    const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
    const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
    const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
    // The last record ends with the delimiter 0x02 followed by zero padding.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end -= 1;
    if (plain[end] !== 2) throw new Error('not a last record: the padding delimiter is missing');
    return plain.subarray(0, end).toString('utf8');
  }
}
