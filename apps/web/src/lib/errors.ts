/**
 * Turning failed calls into words a person can act on (STYLE "Errors", step 4).
 *
 * - `errorMessage(err)`: the server's message for answered calls (domain and validation messages
 *   are already written for people); a readable sentence when the server could not be reached or
 *   answered with something that is not the API (a proxy error page, say).
 * - `errorCode(err)`: the domain code (`RIDE_FULL`, `VALIDATION_FAILED`, ...) or else the tRPC
 *   code (`UNAUTHORIZED`, ...), or null: for screens that react to one refusal in particular.
 * - `fieldErrors(err)`: first message per field of a validation refusal, for `form.setErrors`.
 * - `showError(err, { title, message })`: the one way a refusal is shown: the red toast of
 *   docs/product.md#errors titled `title` ('Error'), with `errorMessage(err)` or `message(err)`.
 *   Answers the words shown.
 * - `showFormError(form, err, { title, message, formName, extra })`: the same for a form: each field
 *   message of a validation refusal (plus `extra`, e.g. a wrong current password) shown on its
 *   field, and the focus moved to the first of them on screen (`formName`: the form's `name`, to
 *   find its fields).
 *
 * Mutation hooks call these through `useSettle()` (`settle.ts`), in the mutation's own options.
 */
import type { UseFormReturnType } from '@mantine/form';
import type { AppRouter } from '@rideshare/api';
import type { DomainErrorCode } from '@rideshare/domain';
import { TRPCClientError } from '@trpc/client';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';

import { focusFirstInvalid } from './form';
import { notifyError } from './notify';

export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';
export const UNEXPECTED_RESPONSE_MESSAGE = 'The server sent an unexpected response. Please try again in a moment.';
export const UNKNOWN_ERROR_MESSAGE = 'Something went wrong. Please try again.';

type ApiError = TRPCClientError<AppRouter>;

/** What `errorCode` can return: a domain refusal's code, else the tRPC code of the answer. */
export type ApiErrorCode = DomainErrorCode | TRPC_ERROR_CODE_KEY;

export function isApiError(err: unknown): err is ApiError {
  return err instanceof TRPCClientError;
}

/** fetch() rejects with a TypeError when the request never got an answer (offline, refused, CORS). */
function isNetworkFailure(err: ApiError): boolean {
  const cause: unknown = err.cause;
  if (cause instanceof TypeError) return true;
  return /failed to fetch|networkerror|load failed|network request failed/i.test(err.message);
}

export function errorMessage(err: unknown): string {
  if (isApiError(err)) {
    // `shape` is only there when the API itself answered with a tRPC error body.
    if (err.shape) return err.message || UNKNOWN_ERROR_MESSAGE;
    return isNetworkFailure(err) ? NETWORK_ERROR_MESSAGE : UNEXPECTED_RESPONSE_MESSAGE;
  }
  if (err instanceof TypeError && /fetch|network/i.test(err.message)) return NETWORK_ERROR_MESSAGE;
  if (err instanceof Error && err.message) return err.message;
  if (typeof err === 'string' && err) return err;
  return UNKNOWN_ERROR_MESSAGE;
}

export function errorCode(err: unknown): ApiErrorCode | null {
  if (!isApiError(err) || !err.data) return null;
  return err.data.domainCode ?? err.data.code;
}

export function fieldErrors(err: unknown): Record<string, string> {
  if (!isApiError(err) || !err.data?.fieldErrors) return {};
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(err.data.fieldErrors)) {
    const first = messages?.[0];
    if (first) result[field] = first;
  }
  return result;
}

export interface ErrorToast {
  title?: string;
  message?: (err: unknown) => string;
}

export function showError(err: unknown, options: ErrorToast = {}): string {
  const message = (options.message ?? errorMessage)(err);
  notifyError(options.title ?? 'Error', message);
  return message;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form: only its errors are set
type AnyForm = UseFormReturnType<any>;

export interface FormErrorDisplay extends ErrorToast {
  form: AnyForm;
  formName?: string;
  /** Field messages the form adds to the server's, e.g. a wrong current password. */
  extra?: (err: unknown) => Record<string, string> | undefined;
  /** Also keeps the words shown, e.g. to say them under the form. */
  then?: (message: string, err: unknown) => void;
}

export function showFormError(
  form: AnyForm,
  err: unknown,
  options: Omit<FormErrorDisplay, 'form' | 'then'> = {},
): string {
  const message = showError(err, options);
  const errors = { ...fieldErrors(err), ...options.extra?.(err) };
  form.setErrors(errors);
  focusFirstInvalid(errors, options.formName);
  return message;
}
