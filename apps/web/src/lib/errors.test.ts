import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';

import { apiError, networkError } from '../test-utils/mock-api';
import {
  errorCode,
  errorMessage,
  fieldErrors,
  NETWORK_ERROR_MESSAGE,
  UNEXPECTED_RESPONSE_MESSAGE,
  UNKNOWN_ERROR_MESSAGE,
} from './errors';

describe('errorMessage', () => {
  it.each([
    ['an API refusal', apiError('CONFLICT', 'Ride is full', 'RIDE_FULL'), 'Ride is full'],
    ['a failed fetch', networkError(), NETWORK_ERROR_MESSAGE],
    [
      'a non-API answer',
      TRPCClientError.from(new Error('Unable to transform response from server')),
      UNEXPECTED_RESPONSE_MESSAGE,
    ],
    ['a plain error', new Error('No ride ID provided'), 'No ride ID provided'],
    ['a string', 'Ride not found', 'Ride not found'],
    ['anything else', { weird: true }, UNKNOWN_ERROR_MESSAGE],
  ])('reads %s', (_case, err, expected) => {
    expect(errorMessage(err)).toBe(expected);
  });
});

describe('errorCode', () => {
  it('prefers the domain code, then the tRPC code', () => {
    expect(errorCode(apiError('CONFLICT', 'Ride is full', 'RIDE_FULL'))).toBe('RIDE_FULL');
    expect(errorCode(apiError('UNAUTHORIZED', 'You must be logged in'))).toBe('UNAUTHORIZED');
    expect(errorCode(networkError())).toBeNull();
    expect(errorCode(new Error('x'))).toBeNull();
  });
});

describe('fieldErrors', () => {
  it('keeps the first message of each field', () => {
    const err = apiError('BAD_REQUEST', 'Discord username is required', 'VALIDATION_FAILED', {
      discordUsername: ['Discord username is required', 'second'],
      password: ['Password is required'],
    });
    expect(fieldErrors(err)).toEqual({
      discordUsername: 'Discord username is required',
      password: 'Password is required',
    });
    expect(fieldErrors(new Error('x'))).toEqual({});
  });
});
