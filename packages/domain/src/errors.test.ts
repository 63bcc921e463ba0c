import { describe, expect, it } from 'vitest';
import { DOMAIN_ERROR_CODES, DomainError, isDomainError, isDomainErrorCode } from './errors';

describe('DOMAIN_ERROR_CODES', () => {
  it('holds every code rules and procedures rely on, in SCREAMING_SNAKE, once each', () => {
    for (const code of [
      'RIDE_FULL',
      'SEQUENCE_LOCKED',
      'NOT_ELIGIBLE',
      'RESET_CODE_INVALID',
      'VALIDATION_FAILED',
      'SERVER_BUSY',
      'RIDE_CANCELLED',
      'UNASSIGN_TOO_LATE',
      'RIDE_NOT_DEPARTED',
      'ALREADY_WAITING',
      'NOT_WAITING',
      'SEATS_AVAILABLE',
      'NO_OFFER',
      'OFFER_EXPIRED',
      'VENDOR_NOT_APPROVED',
      'VENDOR_INCOMPLETE',
      'INVALID_VENDOR_TRANSITION',
      'PICKUP_NOT_ALLOWED',
      'PERMIT_EXPIRES',
      'VEHICLE_TOO_SMALL',
      'QUOTE_NOT_LIVE',
      'NOT_QUOTE_OWNER',
      'QUOTES_HIDDEN',
      'VENDOR_CANNOT_TAKE',
      'NOT_IN_PARTY',
      'CHECKLIST_ITEM_NOT_APPLICABLE',
      'CHECKLIST_NOT_OPEN',
      'ALERT_LIMIT_REACHED',
      'PRICE_NOT_LOCKED',
      'PAYMENT_CONFIRMED',
      'NOTHING_TO_REFUND',
      'NOTHING_TO_WAIVE',
      'AMOUNTS_UNCONFIRMED',
      'REJOIN_TOO_SOON',
      'SERIES_LIMIT_REACHED',
      'CHAT_CLOSED',
      'CANNOT_RATE',
      'SUBJECT_NOT_IN_PARTY',
      'RIDE_NOT_COMPLETED',
      'RATING_CLOSED',
      'RIDE_KEPT',
      'TRIP_TOO_EARLY',
      'RIDE_CLOSED',
      'STOPS_ALREADY_ONE',
    ]) {
      expect(DOMAIN_ERROR_CODES).toContain(code);
    }
    expect(DOMAIN_ERROR_CODES).toHaveLength(79);
    expect(new Set(DOMAIN_ERROR_CODES).size).toBe(DOMAIN_ERROR_CODES.length);
    for (const code of DOMAIN_ERROR_CODES) expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
  });
});

describe('DomainError', () => {
  it('carries the code, the message and a recognisable name', () => {
    const error = new DomainError('RIDE_FULL', 'Ride is full');
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('RIDE_FULL');
    expect(error.message).toBe('Ride is full');
    expect(error.name).toBe('DomainError');
  });
});

describe('isDomainError', () => {
  const lookalike = Object.assign(new Error('Ride is full'), { name: 'DomainError', code: 'RIDE_FULL' });
  const wrongCode = Object.assign(new Error('x'), { name: 'DomainError', code: 'TEAPOT' });

  it.each([
    ['a DomainError', new DomainError('NOT_FOUND', 'Ride not found'), true],
    ['one from another copy of the package', lookalike, true],
    ['a lookalike with an unknown code', wrongCode, false],
    ['a plain Error', new Error('boom'), false],
    ['a plain object', { name: 'DomainError', code: 'RIDE_FULL', message: 'x' }, false],
    ['null', null, false],
  ])('%s -> %s', (_label, value, expected) => {
    expect(isDomainError(value)).toBe(expected);
  });
});

describe('isDomainErrorCode', () => {
  it.each([
    ['RIDE_PAST', true],
    ['ride_past', false],
    ['', false],
    [42, false],
  ])('%s -> %s', (value, expected) => {
    expect(isDomainErrorCode(value)).toBe(expected);
  });
});
