import { expect } from 'vitest';
import { DomainError } from './errors';
import type { DomainErrorCode } from './errors';

/** Runs `action` and asserts it threw a DomainError with exactly this code and message. */
export function expectDomainError(action: () => unknown, code: DomainErrorCode, message: string): void {
  let thrown: unknown;
  try {
    action();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(DomainError);
  expect(thrown).toMatchObject({ code, message });
}
