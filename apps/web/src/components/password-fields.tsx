/**
 * Password inputs shared by the forms that set one (register, change password, redeem a reset
 * code, the administrator's reset). Each marks itself `aria-invalid` while its field has an error:
 * Mantine's PasswordInput leaves that attribute off its inner input (TextInput sets it), so screen
 * readers would not hear that the field needs fixing.
 *
 * - `passwordFieldProps(form, path)`: `form.getInputProps(path)` plus that attribute.
 * - `<NewPasswordInput>`: one new password, 'Minimum 8 characters' under it.
 * - `<NewPasswordFields>`: the new password and its confirmation (`newPassword`, `confirmPassword`).
 */
import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MIN_PASSWORD_LENGTH } from '@rideshare/domain';

export function passwordFieldProps<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  path: keyof Values & string,
) {
  return { ...form.getInputProps(path), 'aria-invalid': form.errors[path] ? true : undefined };
}

export function NewPasswordInput<Values extends Record<string, unknown>>({
  form,
  path,
  label,
}: {
  form: UseFormReturnType<Values>;
  path: keyof Values & string;
  label: string;
}) {
  return (
    <PasswordInput
      label={label}
      description={`Minimum ${String(MIN_PASSWORD_LENGTH)} characters`}
      autoComplete="new-password"
      withAsterisk
      {...passwordFieldProps(form, path)}
    />
  );
}

export interface NewPasswordValues extends Record<string, unknown> {
  newPassword: string;
  confirmPassword: string;
}

export function NewPasswordFields<Values extends NewPasswordValues>({
  form,
  label = 'New Password',
  confirmLabel = 'Confirm New Password',
}: {
  form: UseFormReturnType<Values>;
  label?: string;
  confirmLabel?: string;
}) {
  return (
    <>
      <NewPasswordInput form={form} path="newPassword" label={label} />
      <PasswordInput
        label={confirmLabel}
        autoComplete="new-password"
        withAsterisk
        {...passwordFieldProps(form, 'confirmPassword')}
      />
    </>
  );
}
