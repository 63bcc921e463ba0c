/**
 * `RegisterForm` (the Register tab of /auth, docs/product.md#auth-screen, docs/product.md#register-validation). Validated with the domain's
 * `registerFormSchema`, so the messages and their order are the spec's. Ticking 'Register as a
 * vendor/driver' reveals four required fields (Company Name, Driver Name, Driver Contact, Car
 * Number) and the optional licence (permit and vehicle seats, the profile's own fields), which an
 * administrator needs before approving the application (docs/vendors.md#approval). 'Registering...' while pending. A failure shows the red toast 'Registration failed' with
 * the server's message and, under the form, 'Registration failed. Discord username may already
 * exist.' (or the reason when it is something else). Success goes to '/'.
 */
import { Alert, Checkbox, Fieldset, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { registerFormSchema, registerFormToInput } from '@rideshare/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { DiscordUsernameInput } from '../../components/discord-username-input';
import { NewPasswordInput } from '../../components/password-fields';
import { SubmitButton } from '../../components/submit-button';
import { errorCode } from '../../lib/errors';
import { focusFirstInvalid, zodResolver } from '../../lib/form';
import { ContactFields } from '../profile/contact-fields';
import { EMPTY_LICENCE, LicenceFields, licenceInput } from '../profile/licence-fields';
import { landingPath, useRegister, useReturnPath } from '../session';

const REGISTER_FALLBACK_MESSAGE = 'Registration failed. Discord username may already exist.';
const TAKEN_CODES = new Set(['USERNAME_TAKEN', 'CONFLICT']);
const FORM_NAME = 'register';
const VENDOR_FIELDS = ['companyName', 'driverName', 'driverContact', 'carNumber'] as const;

const initialValues = {
  discordUsername: '',
  password: '',
  name: '',
  whatsappNumber: '',
  malaysianNumber: '',
  revolutUsername: '',
  isVendor: false,
  companyName: '',
  driverName: '',
  driverContact: '',
  carNumber: '',
  ...EMPTY_LICENCE,
};

export function RegisterForm() {
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    name: FORM_NAME,
    initialValues,
    validate: zodResolver(registerFormSchema),
  });
  const isVendor = form.values.isVendor;
  const register = useRegister({
    form,
    title: 'Registration failed',
    formName: FORM_NAME,
    then: (message, err) => {
      const code = errorCode(err);
      setFailure(code && TAKEN_CODES.has(code) ? REGISTER_FALLBACK_MESSAGE : message);
    },
  });

  const submit = form.onSubmit(
    (values) => {
      setFailure(null);
      const input = registerFormToInput(values);
      // The licence goes with a vendor application only.
      register.mutate(input.isVendor ? { ...input, ...licenceInput(values) } : input, {
        onSuccess: (user) => {
          void navigate(landingPath(user, returnPath), { replace: true });
        },
      });
    },
    (errors) => focusFirstInvalid(errors, FORM_NAME),
  );

  const vendorToggle = form.getInputProps('isVendor', { type: 'checkbox' });

  return (
    <form onSubmit={submit} noValidate aria-label="Register">
      <Stack gap="md">
        <DiscordUsernameInput description="This is your login identifier" {...form.getInputProps('discordUsername')} />
        <NewPasswordInput form={form} path="password" label="Password" />
        <ContactFields form={form} nameLabel="Name" />
        <Checkbox
          label="Register as a vendor/driver"
          {...vendorToggle}
          onChange={(event) => {
            (vendorToggle.onChange as (changed: typeof event) => void)(event);
            // Unticking hides the vendor fields; their old errors must not linger for next time.
            if (!event.currentTarget.checked) for (const field of VENDOR_FIELDS) form.clearFieldError(field);
          }}
        />
        {isVendor ? (
          <Fieldset legend="Vendor details" variant="filled">
            <Stack gap="md">
              <TextInput
                label="Company Name"
                withAsterisk
                autoComplete="organization"
                {...form.getInputProps('companyName')}
              />
              <TextInput label="Driver Name" withAsterisk {...form.getInputProps('driverName')} />
              <TextInput label="Driver Contact" withAsterisk type="tel" {...form.getInputProps('driverContact')} />
              <TextInput
                label="Car Number"
                description="Required for MDAC/SGAC compliance"
                withAsterisk
                autoCapitalize="characters"
                {...form.getInputProps('carNumber')}
              />
            </Stack>
          </Fieldset>
        ) : null}
        {isVendor ? (
          <Fieldset legend="Licence and vehicle (needed for approval)" variant="filled">
            <Stack gap="md">
              <LicenceFields form={form} />
            </Stack>
          </Fieldset>
        ) : null}
        {failure ? (
          <Alert color="red" variant="light" data-testid="register-error">
            {failure}
          </Alert>
        ) : null}
        <SubmitButton fullWidth pending={register.isPending} pendingLabel="Registering...">
          Register
        </SubmitButton>
      </Stack>
    </form>
  );
}
