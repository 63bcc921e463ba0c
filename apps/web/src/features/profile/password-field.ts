/**
 * `passwordFieldProps(form, path)`: `form.getInputProps(path)` for a Mantine PasswordInput, plus
 * `aria-invalid` while the field has an error. PasswordInput leaves that attribute off its inner
 * input (TextInput sets it), so screen readers would not hear that the field needs fixing.
 */
import type { UseFormReturnType } from '@mantine/form';

export function passwordFieldProps<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  path: keyof Values & string,
) {
  return { ...form.getInputProps(path), 'aria-invalid': form.errors[path] ? true : undefined };
}
