/**
 * `ProfileForm` (docs/product.md#profile): the signed-in user's details. Discord Username is shown but
 * cannot be changed (it is the login); Full Name, WhatsApp Number, Malaysian Phone Number and
 * Revolut Username can, and with whom an organiser shares their numbers (signed-in members or the
 * ride's party only, docs/vendors.md#contacts); a vendor has neither (docs/vendors.md#vendor-profile). 'Save Changes' sends `user.update` (a blank field clears it); success shows
 * 'Your profile has been updated' and puts the saved user into the session, so every screen shows
 * the new details. A failure shows 'Failed to update profile: {message}' as a red toast and under
 * the form (an HTML error page reads as a server error, see profile-error.ts).
 */
import { Radio, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { profileUpdateInput, type ContactSharing } from '@rideshare/domain';

import { FormFooter } from '../../components/form-footer';
import { focusFirstInvalid, zodResolver } from '../../lib/form';
import type { SessionUser } from '../session';
import { PaynowProxyInput } from '../payments/paynow-proxy-input';
import { ContactFields } from './contact-fields';
import { NOT_LOGGED_IN_MESSAGE } from './profile-error';
import { useUpdateProfile } from './use-profile-mutations';

const PROFILE_UPDATED_MESSAGE = 'Your profile has been updated';
const FORM_NAME = 'profile';

type ProfileUser = Pick<
  SessionUser,
  'id' | 'discordUsername' | 'name' | 'whatsappNumber' | 'malaysianNumber' | 'revolutUsername'
> & { isVendor?: boolean } & { shareContactsWith?: ContactSharing; paynowProxy?: string | null };

interface ProfileValues {
  name: string;
  whatsappNumber: string;
  malaysianNumber: string;
  revolutUsername: string;
  paynowProxy: string;
  shareContactsWith: ContactSharing;
}

function valuesOf(user: ProfileUser | null): ProfileValues {
  return {
    name: user?.name ?? '',
    whatsappNumber: user?.whatsappNumber ?? '',
    malaysianNumber: user?.malaysianNumber ?? '',
    revolutUsername: user?.revolutUsername ?? '',
    paynowProxy: user?.paynowProxy ?? '',
    shareContactsWith: user?.shareContactsWith ?? 'members',
  };
}

export interface ProfileFormProps {
  /** The signed-in user; null only if the session ended while the page was open. */
  user: ProfileUser | null;
}

export function ProfileForm({ user }: ProfileFormProps) {
  const form = useForm<ProfileValues>({
    name: FORM_NAME,
    initialValues: valuesOf(user),
    validate: zodResolver(profileUpdateInput),
    validateInputOnBlur: true,
  });
  const { update, failure, clear, fail } = useUpdateProfile(form, {
    formName: FORM_NAME,
    success: () => PROFILE_UPDATED_MESSAGE,
    // Names and numbers appear on ride cards, passenger lists and organiser cards.
    refreshRides: true,
  });

  const submit = form.onSubmit(
    (values) => {
      clear();
      if (!user) {
        fail(new Error(NOT_LOGGED_IN_MESSAGE));
        return;
      }
      // A vendor's profile has no PayNow number nor sharing choice (docs/vendors.md#vendor-profile).
      const { paynowProxy, shareContactsWith, ...contacts } = values;
      const memberOnly = user.isVendor ? {} : { paynowProxy, shareContactsWith };
      update.mutate(
        { id: user.id, ...contacts, ...memberOnly },
        {
          onSuccess: (saved) => {
            const next = valuesOf(saved);
            form.setInitialValues(next);
            form.setValues(next);
            form.resetDirty(next);
          },
        },
      );
    },
    (errors) => focusFirstInvalid(errors, FORM_NAME),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Profile">
      <Stack gap="md">
        <TextInput
          label="Discord Username"
          description="Your login identifier; it cannot be changed"
          value={user?.discordUsername ?? ''}
          readOnly
          variant="filled"
        />
        <ContactFields form={form} nameLabel="Full Name" />
        {user?.isVendor ? null : (
          <>
            <PaynowProxyInput {...form.getInputProps('paynowProxy')} />
            <Radio.Group
              label="Who sees my numbers on rides I organize"
              description="Your WhatsApp and Malaysian numbers on the Ride Organizer card"
              {...form.getInputProps('shareContactsWith')}
            >
              <Stack gap="xs" mt="xs">
                <Radio value="members" label="Signed-in members browsing my rides" />
                <Radio value="party" label="Only my ride's passengers and driver" />
              </Stack>
            </Radio.Group>
          </>
        )}
        <FormFooter failure={failure} errorTestId="profile-error" pending={update.isPending} pendingLabel="Saving...">
          Save Changes
        </FormFooter>
      </Stack>
    </form>
  );
}
