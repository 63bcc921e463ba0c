/**
 * Refusals a write hands back instead of throwing, so its transaction can still commit what must
 * happen whatever the answer (the waitlist settling: lapsed offers passed on, seats offered)
 * before the refusal reaches the caller.
 */
import { DomainError, isDomainError } from '@rideshare/domain';

/**
 * Runs a rule inside a write and hands back its refusal instead of throwing it. Only for rules
 * checked before the write itself changes anything.
 */
export function checkRule<T>(rule: () => T): { ok: true; value: T } | { ok: false; refusal: DomainError } {
  try {
    return { ok: true, value: rule() };
  } catch (error) {
    if (isDomainError(error)) return { ok: false, refusal: error };
    throw error;
  }
}

/** Throws a refusal a transaction handed back (see {@link checkRule}), else answers its value. */
export function unlessRefused<T>(outcome: T | DomainError): T {
  if (outcome instanceof DomainError || isDomainError(outcome)) throw outcome;
  return outcome;
}
