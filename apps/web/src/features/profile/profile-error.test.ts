import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';

import { apiError } from '../../test-utils/mock-api';
import { HTML_ERROR_MESSAGE, profileUpdateErrorMessage, profileUpdateFailure } from './profile-error';

describe('profileUpdateErrorMessage', () => {
  it('reads an HTML error page as a server error', () => {
    const parseFailure = new SyntaxError(`Unexpected token '<', "<!DOCTYPE "... is not valid JSON`);
    expect(profileUpdateErrorMessage(TRPCClientError.from(parseFailure))).toBe(HTML_ERROR_MESSAGE);
    expect(profileUpdateErrorMessage(new Error('502: <!doctype html><html><body>Bad Gateway</body></html>'))).toBe(
      HTML_ERROR_MESSAGE,
    );
  });

  it("keeps the server's message otherwise", () => {
    expect(
      profileUpdateErrorMessage(apiError('FORBIDDEN', 'You can only update your own profile', 'NOT_OWN_PROFILE')),
    ).toBe('You can only update your own profile');
    expect(profileUpdateErrorMessage(new Error('User not logged in'))).toBe('User not logged in');
  });

  it('prefixes the failure the way the toast reads', () => {
    expect(profileUpdateFailure(new Error('User not logged in'))).toBe('Failed to update profile: User not logged in');
  });
});
