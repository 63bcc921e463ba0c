/**
 * `PasswordSettingsCard` (docs/product.md#profile, docs/product.md#password-change): Current Password, New Password
 * and Confirm New Password, checked with the domain's `changePasswordFormSchema` (its messages:
 * 'Please enter your current password', 'Please enter a new password', 'New password must be at
 * least 8 characters long', 'New passwords do not match'). Sends `auth.changePassword`; success
 * shows 'Password changed' and empties the form (this session stays signed in, the
 * server ends the others); a refusal shows 'Password reset failed' with the server's reason, and a
 * wrong current password is also marked on its field.
 */
import { PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { changePasswordFormSchema, type ChangePasswordFormValues } from '@rideshare/domain';

import { FormFooter } from '../../components/form-footer';
import { SectionCard } from '../../components/section-card';
import { NewPasswordFields, passwordFieldProps } from '../../components/password-fields';
import { focusFirstInvalid, zodResolver } from '../../lib/form';
import { useChangePassword } from './use-profile-mutations';

const FORM_NAME = 'password-settings';
const EMPTY: ChangePasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordSettingsCard() {
  const form = useForm<ChangePasswordFormValues>({
    name: FORM_NAME,
    initialValues: EMPTY,
    validate: zodResolver(changePasswordFormSchema),
    validateInputOnBlur: true,
  });
  const change = useChangePassword(form, FORM_NAME);

  const submit = form.onSubmit(
    (values) => {
      change.mutate(
        { currentPassword: values.currentPassword, newPassword: values.newPassword },
        { onSuccess: () => form.reset() },
      );
    },
    (errors) => focusFirstInvalid(errors, FORM_NAME),
  );

  return (
    <SectionCard
      titleId="password-settings-title"
      title="Password Settings"
      description="Changing your password signs you out on your other devices."
    >
      <form onSubmit={submit} noValidate aria-label="Change password">
        <Stack gap="md">
          <PasswordInput
            label="Current Password"
            autoComplete="current-password"
            withAsterisk
            {...passwordFieldProps(form, 'currentPassword')}
          />
          <NewPasswordFields form={form} />
          <FormFooter pending={change.isPending} pendingLabel="Changing...">
            Change Password
          </FormFooter>
        </Stack>
      </form>
    </SectionCard>
  );
}
