/**
 * `profileUpdateErrorMessage(err)`: the reason a profile update failed, in words
 * (docs/product.md#profile-update-error). When what came back was an HTML page instead of the API's JSON (a proxy or server error
 * page: the parse error quotes its `<!DOCTYPE`), it reads 'Server error: The server returned an
 * HTML error instead of JSON'; otherwise the usual `errorMessage`. The screen shows it as
 * 'Failed to update profile: {message}'.
 */
import { errorMessage } from '../../lib/errors';

export const HTML_ERROR_MESSAGE = 'Server error: The server returned an HTML error instead of JSON';
export const NOT_LOGGED_IN_MESSAGE = 'User not logged in';

const DOCTYPE = /<!doctype/i;

/** The error's own message and those of its causes (a tRPC client error wraps the parse error). */
function messagesOf(err: unknown, depth = 0): string[] {
  if (typeof err === 'string') return [err];
  if (!(err instanceof Error) || depth > 3) return [];
  return [err.message, ...messagesOf(err.cause, depth + 1)];
}

export function profileUpdateErrorMessage(err: unknown): string {
  if (messagesOf(err).some((message) => DOCTYPE.test(message))) return HTML_ERROR_MESSAGE;
  return errorMessage(err);
}

export function profileUpdateFailure(err: unknown): string {
  return `Failed to update profile: ${profileUpdateErrorMessage(err)}`;
}
