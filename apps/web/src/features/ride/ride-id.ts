/**
 * `parseRideId(value)`: the ride id a URL names, from its path (`/rides/:id`, `/rides/edit/:id`,
 * `/join/:id`, `/rides/:id/manifest`) or its query string (`/vendor?rideId=`), or null when it
 * names none. The rule is the server's own (domain `idParam`: a whole number from 1 to `MAX_ID`
 * written without sign, leading zero, decimals or exponent), after the blanks around a pasted
 * link are trimmed, so a page never asks for a ride the server would refuse to look up.
 */
import { idParam } from '@rideshare/domain';

export function parseRideId(value: string | null | undefined): number | null {
  const result = idParam.safeParse(value?.trim());
  return result.success ? result.data : null;
}
