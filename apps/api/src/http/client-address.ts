import { normalizeIP } from '@fastify/rate-limit';

/**
 * The part of a client address that rate limits key on: an IPv4 address as is, an IPv6 address
 * by its /64 network (one subscriber usually holds a whole /64, so per-address limits would be
 * worthless otherwise), IPv4-mapped IPv6 as IPv4. The same rule @fastify/rate-limit applies.
 */
export function clientAddressKey(ip: string): string {
  return normalizeIP(ip, 64);
}
