/**
 * What a form does with a refused call (docs/product.md#errors): the red toast with the server's
 * words, each field message of a validation refusal shown on its field (plus any the form adds,
 * e.g. a wrong current password), and the focus moved to the first of them on screen.
 *
 * - `useFormError(form, options)` → `(err, extra?) => message`: for a form component.
 * - `reportFormError(form, err, options)`: the same for code that is handed a form.
 * - `useFormFailure(form, options)` → `{ failure, clear, fail }`: the same, for a form that also
 *   says the refusal under itself (`failure`, shown by `FormFooter`); `clear()` before a save.
 *
 * Call these from the mutation's own options (`useMutation({ onError })`), never from one call's
 * options: the toast must not depend on the caller still being on screen.
 *
 * Options: `title` of the toast ('Error'), `formName` (the form's `name`, to find its fields),
 * `message` to word the toast otherwise than `errorMessage(err)`. Answers the toast's message.
 */
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';

import { errorMessage, fieldErrors } from './errors';
import { focusFirstInvalid } from './form';
import { notifyError } from './notify';

export interface FormErrorOptions {
  title?: string;
  formName?: string;
  message?: (err: unknown) => string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form: only its errors are set
type AnyForm = UseFormReturnType<any>;

export function reportFormError(
  form: AnyForm,
  err: unknown,
  options: FormErrorOptions & { extra?: Record<string, string> } = {},
): string {
  const message = (options.message ?? errorMessage)(err);
  notifyError(options.title ?? 'Error', message);
  const errors = { ...fieldErrors(err), ...options.extra };
  form.setErrors(errors);
  focusFirstInvalid(errors, options.formName);
  return message;
}

export function useFormError(
  form: AnyForm,
  options: FormErrorOptions = {},
): (err: unknown, extra?: Record<string, string>) => string {
  return (err, extra) => reportFormError(form, err, { ...options, extra });
}

export interface FormFailure {
  /** The last refusal's words, for under the form; null before a refusal and after `clear()`. */
  failure: string | null;
  clear: () => void;
  fail: (err: unknown, extra?: Record<string, string>) => void;
}

export function useFormFailure(form: AnyForm, options: FormErrorOptions = {}): FormFailure {
  const [failure, setFailure] = useState<string | null>(null);
  return {
    failure,
    clear: () => setFailure(null),
    fail: (err, extra) => setFailure(reportFormError(form, err, { ...options, extra })),
  };
}
