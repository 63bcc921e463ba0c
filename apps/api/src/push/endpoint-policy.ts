/**
 * Where phone notifications may be sent (docs/architecture.md#push-endpoints): only to the push
 * services named in PUSH_ALLOWED_HOST_SUFFIXES, over https on port 443, without user info, and only
 * to a public address: a push service's name is resolved when a message goes out, through a lookup
 * that refuses this machine, private networks and every other address no push service has. Tests
 * alone (PUSH_ALLOW_LOOPBACK) may post over plain http to a push service on loopback.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

import { DomainError } from '@rideshare/domain';

/** The push services of the browsers in use: Chrome/Edge (FCM), Firefox, Windows, Safari. */
export const DEFAULT_PUSH_ALLOWED_HOST_SUFFIXES = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
] as const;

export interface PushEndpointPolicy {
  /** PUSH_ALLOWED_HOST_SUFFIXES: a host must be one of these or end in `.` and one of these. */
  allowedHostSuffixes: readonly string[];
  /** PUSH_ALLOW_LOOPBACK: tests only, plain http to a push service on loopback. */
  allowLoopback: boolean;
}

/** The settings the policy reads. */
export interface PushPolicyEnv {
  PUSH_ALLOWED_HOST_SUFFIXES: readonly string[];
  PUSH_ALLOW_LOOPBACK: boolean;
}

export function pushEndpointPolicy(env: PushPolicyEnv): PushEndpointPolicy {
  return { allowedHostSuffixes: env.PUSH_ALLOWED_HOST_SUFFIXES, allowLoopback: env.PUSH_ALLOW_LOOPBACK };
}

/**
 * Addresses no push service has (RFC 6890 and its successors), one list per family: a BlockList
 * also matches IPv4 addresses against IPv6 rules through their mapped form, which would refuse all.
 */
const REFUSED_V4 = new BlockList();
const REFUSED_V6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  REFUSED_V4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['::ffff:0:0', 96], // IPv4-mapped
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, benchmarking, ...)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local
  ['ff00::', 8], // multicast
] as const) {
  REFUSED_V6.addSubnet(network, prefix, 'ipv6');
}

/**
 * Whether `address` (an IP address) is one a push service may have: none of loopback, private,
 * link-local, CGNAT, benchmarking, documentation, multicast, NAT64, mapped or other special ranges.
 *
 * @example isPublicAddress('142.250.4.95') // true
 * @example isPublicAddress('100.64.0.1') // false
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4 ? !REFUSED_V4.check(address, 'ipv4') : !REFUSED_V6.check(address, 'ipv6');
}

function bareHost(hostname: string): string {
  return hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

function isLoopbackLiteral(hostname: string): boolean {
  const host = bareHost(hostname);
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Whether this endpoint is the tests' local push service (PUSH_ALLOW_LOOPBACK only). */
export function isTestPushService(url: URL, policy: PushEndpointPolicy): boolean {
  return policy.allowLoopback && url.protocol === 'http:' && isLoopbackLiteral(url.hostname);
}

/**
 * Refuses an endpoint that is not a push service of the allow-list (400 VALIDATION_FAILED): not
 * https, a port other than 443, user info, an address literal, or a host outside
 * PUSH_ALLOWED_HOST_SUFFIXES. Checked when a browser subscribes and again before each send.
 */
export function checkPushEndpoint(endpoint: string, policy: PushEndpointPolicy): URL {
  const url = new URL(endpoint);
  if (isTestPushService(url, policy)) return url;
  if (url.protocol !== 'https:') {
    throw new DomainError('VALIDATION_FAILED', 'The push endpoint must be an https:// address of a push service');
  }
  if (url.username !== '' || url.password !== '') {
    throw new DomainError('VALIDATION_FAILED', 'The push endpoint must not carry a user name or password');
  }
  if (url.port !== '' && url.port !== '443') {
    throw new DomainError('VALIDATION_FAILED', 'The push endpoint must use the https port (443)');
  }
  const host = bareHost(url.hostname);
  if (isIP(host) !== 0 || host === 'localhost' || host.endsWith('.localhost')) {
    throw new DomainError('VALIDATION_FAILED', 'The push endpoint must be a push service on the internet');
  }
  const allowed = policy.allowedHostSuffixes.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
  if (!allowed) {
    throw new DomainError(
      'VALIDATION_FAILED',
      `The push endpoint must be a known push service (${policy.allowedHostSuffixes.join(', ')})`,
    );
  }
  return url;
}

/** The push service's name resolved to an address it may not have. */
export class RefusedPushAddressError extends Error {
  readonly code = 'EPUSHADDRESS';
  constructor(hostname: string, address: string) {
    super(`${hostname} resolves to ${address}, which is not a public address; nothing was sent`);
    this.name = 'RefusedPushAddressError';
  }
}

/** Resolves a name to all its addresses (the system resolver; tests give their own). */
export type PushResolve = (
  hostname: string,
  callback: (error: Error | null, addresses: LookupAddress[]) => void,
) => void;

const systemResolve: PushResolve = (hostname, callback) => {
  dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
    callback(error, addresses);
  });
};

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A connection lookup (`lookup` of `https.request`) that resolves the name and refuses the whole
 * answer when any address in it is not public (so a name cannot slip a private address in among
 * public ones). `allowLoopback` lets the tests' loopback push service through.
 */
export function pushConnectionLookup(allowLoopback: boolean, resolve: PushResolve = systemResolve) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    resolve(hostname, (error, addresses) => {
      if (error) {
        callback(error, []);
        return;
      }
      const refused = addresses.find(
        ({ address }) => !isPublicAddress(address) && !(allowLoopback && isLoopbackLiteral(address)),
      );
      const first = addresses[0];
      if (refused || !first) {
        callback(new RefusedPushAddressError(hostname, refused?.address ?? 'no address'), []);
        return;
      }
      if (options.all) callback(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}
