/** Registering, logging in, and setting or resetting a password (docs/product.md#register-validation). */
import { z } from 'zod';
import {
  MAX_NAME_LENGTH,
  MAX_PHONE_LENGTH,
  MAX_RESET_CODE_LENGTH,
  MAX_USERNAME_LENGTH,
  MAX_VENDOR_FIELD_LENGTH,
  MIN_PASSWORD_LENGTH,
  MIN_RESET_CODE_LENGTH,
} from '../constants';
import {
  discordUsernameField,
  filled,
  formText,
  isObject,
  nameField,
  nullableText,
  passwordField,
  presentPassword,
  requiredText,
  safeText,
  tooLong,
} from './fields';
import { driverDetailsInput, permitInput, vehicleSeatsField, VENDOR_MESSAGES, type DriverDetails } from './users';

const DISCORD_REQUIRED = 'Discord username is required';
const PASSWORD_REQUIRED = 'Password is required';
const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
const NEW_PASSWORD_REQUIRED = 'Please enter a new password';
const NEW_PASSWORD_TOO_SHORT = `New password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
const PASSWORDS_DIFFER = 'New passwords do not match';

const USERNAME_OF_USER_REQUIRED = "Please enter the user's Discord username";

/** A new account's name, or the account a reset code is for: Discord's rule applies. */
const discordUsername = discordUsernameField(DISCORD_REQUIRED);
/** The account the administrator names in the admin tools: Discord's rule applies. */
export const adminTargetUsername = discordUsernameField(USERNAME_OF_USER_REQUIRED);
/**
 * Logging in names an existing account, looked up as typed (and without regard to case), so
 * accounts registered before Discord's rule was enforced still sign in; a name no account has gets
 * the usual invalid-credentials answer.
 */
const loginUsername = requiredText(DISCORD_REQUIRED, MAX_USERNAME_LENGTH, 'Discord username');

/**
 * Registering an account. Optional contact fields become null when blank. Vendors must also give a
 * company name and their driver's name, contact and car number; for non-vendors those are dropped.
 */
export const registerInput = z
  .object({
    discordUsername,
    password: passwordField(PASSWORD_REQUIRED, PASSWORD_TOO_SHORT),
    name: nullableText(MAX_NAME_LENGTH, 'Name', nameField),
    whatsappNumber: nullableText(MAX_PHONE_LENGTH, 'WhatsApp number'),
    malaysianNumber: nullableText(MAX_PHONE_LENGTH, 'Malaysian phone number'),
    revolutUsername: nullableText(MAX_USERNAME_LENGTH, 'Revolut username'),
    isVendor: z.boolean({ error: 'isVendor must be true or false' }).default(false),
    companyName: nullableText(MAX_VENDOR_FIELD_LENGTH, 'Company name', nameField),
    driverDetails: driverDetailsInput.nullish(),
    /** Optional at registration; an application needs it before it can be approved. */
    permit: permitInput.nullish(),
    vehicleSeats: vehicleSeatsField.nullish(),
  })
  .superRefine(
    (value, ctx) => {
      // Runs even when other fields failed (see `when`), so it reads the raw value defensively.
      const raw = value as { isVendor?: unknown; companyName?: unknown; driverDetails?: unknown };
      if (raw.isVendor !== true) return;
      const driver = (typeof raw.driverDetails === 'object' && raw.driverDetails !== null ? raw.driverDetails : {}) as {
        name?: unknown;
        contact?: unknown;
        carNumber?: unknown;
      };
      if (!filled(raw.companyName))
        ctx.addIssue({ code: 'custom', message: VENDOR_MESSAGES.companyName, path: ['companyName'] });
      if (!filled(driver.name))
        ctx.addIssue({ code: 'custom', message: VENDOR_MESSAGES.driverName, path: ['driverDetails', 'name'] });
      if (!filled(driver.contact)) {
        ctx.addIssue({ code: 'custom', message: VENDOR_MESSAGES.driverContact, path: ['driverDetails', 'contact'] });
      }
      if (!filled(driver.carNumber)) {
        ctx.addIssue({ code: 'custom', message: VENDOR_MESSAGES.carNumber, path: ['driverDetails', 'carNumber'] });
      }
    },
    { when: isObject },
  )
  .transform(({ companyName, driverDetails, permit, vehicleSeats, ...rest }) => {
    const details: DriverDetails | null =
      rest.isVendor && driverDetails?.name && driverDetails.contact && driverDetails.carNumber
        ? { name: driverDetails.name, contact: driverDetails.contact, carNumber: driverDetails.carNumber }
        : null;
    return {
      ...rest,
      companyName: rest.isVendor ? companyName : null,
      driverDetails: details,
      permit: rest.isVendor ? (permit ?? null) : null,
      vehicleSeats: rest.isVendor ? (vehicleSeats ?? null) : null,
    };
  });
export type RegisterInput = z.output<typeof registerInput>;
/** The register request body as a client sends it (before defaults and trimming). */
export type RegisterInputValues = z.input<typeof registerInput>;

/** The register form: same rules, with the vendor fields flat as the form shows them. */
export const registerFormSchema = z
  .object({
    discordUsername,
    password: passwordField(PASSWORD_REQUIRED, PASSWORD_TOO_SHORT),
    name: formText(MAX_NAME_LENGTH, 'Name', nameField),
    whatsappNumber: formText(MAX_PHONE_LENGTH, 'WhatsApp number'),
    malaysianNumber: formText(MAX_PHONE_LENGTH, 'Malaysian phone number'),
    revolutUsername: formText(MAX_USERNAME_LENGTH, 'Revolut username'),
    isVendor: z.boolean().default(false),
    companyName: formText(MAX_VENDOR_FIELD_LENGTH, 'Company name', nameField),
    driverName: formText(MAX_NAME_LENGTH, 'Driver name', nameField),
    driverContact: formText(MAX_VENDOR_FIELD_LENGTH, 'Driver contact'),
    carNumber: formText(MAX_VENDOR_FIELD_LENGTH, 'Car number'),
  })
  .superRefine(
    (value, ctx) => {
      const raw = value as Record<string, unknown>;
      if (raw.isVendor !== true) return;
      for (const field of ['companyName', 'driverName', 'driverContact', 'carNumber'] as const) {
        if (!filled(raw[field])) ctx.addIssue({ code: 'custom', message: VENDOR_MESSAGES[field], path: [field] });
      }
    },
    { when: isObject },
  );
export type RegisterFormValues = z.input<typeof registerFormSchema>;

/**
 * Maps the flat register form to the register request: the driver fields go into `driverDetails`,
 * and vendor fields are left out (null) unless the vendor box is ticked.
 *
 * @example registerFormToInput({ discordUsername: 'bob', password: 'secret123', isVendor: true,
 *   companyName: 'Acme', driverName: 'Tan', driverContact: '+6591234567', carNumber: 'SGX1234A' })
 *   // { ..., isVendor: true, companyName: 'Acme',
 *   //   driverDetails: { name: 'Tan', contact: '+6591234567', carNumber: 'SGX1234A' } }
 */
export function registerFormToInput(values: RegisterFormValues): RegisterInputValues {
  const isVendor = values.isVendor ?? false;
  return {
    discordUsername: values.discordUsername,
    password: values.password,
    name: values.name ?? null,
    whatsappNumber: values.whatsappNumber ?? null,
    malaysianNumber: values.malaysianNumber ?? null,
    revolutUsername: values.revolutUsername ?? null,
    isVendor,
    companyName: isVendor ? (values.companyName ?? null) : null,
    driverDetails: isVendor
      ? { name: values.driverName ?? null, contact: values.driverContact ?? null, carNumber: values.carNumber ?? null }
      : null,
  };
}

/** Logging in: both fields must be given. */
export const loginInput = z.object({
  discordUsername: loginUsername,
  password: presentPassword(PASSWORD_REQUIRED),
});
export type LoginInput = z.output<typeof loginInput>;

/** Changing one's own password: the current one, and a new one of at least 8 characters. */
export const changePasswordInput = z.object({
  currentPassword: presentPassword('Please enter your current password'),
  newPassword: passwordField(NEW_PASSWORD_REQUIRED, NEW_PASSWORD_TOO_SHORT),
});
export type ChangePasswordInput = z.output<typeof changePasswordInput>;

/** Whether a password form's two new-password boxes hold the same text. */
const passwordsMatch = (value: object): boolean =>
  'newPassword' in value && 'confirmPassword' in value && value.newPassword === value.confirmPassword;

/** A password form: the request plus a confirmation that must match the new password. */
function withConfirmation<Shape extends { newPassword: z.ZodType<string> }>(input: z.ZodObject<Shape>) {
  return input.extend({ confirmPassword: z.string({ error: PASSWORDS_DIFFER }) }).refine(passwordsMatch, {
    error: PASSWORDS_DIFFER,
    path: ['confirmPassword'],
  });
}

/** The password settings form: the request plus a confirmation that must match the new password. */
export const changePasswordFormSchema = withConfirmation(changePasswordInput);
export type ChangePasswordFormValues = z.input<typeof changePasswordFormSchema>;

/** The admin resetting another user's password. */
export const adminResetInput = z.object({
  discordUsername: adminTargetUsername,
  newPassword: passwordField(NEW_PASSWORD_REQUIRED, NEW_PASSWORD_TOO_SHORT),
});
export type AdminResetInput = z.output<typeof adminResetInput>;

/** The admin tools form: the request plus a matching confirmation. */
export const adminResetFormSchema = withConfirmation(adminResetInput);
export type AdminResetFormValues = z.input<typeof adminResetFormSchema>;

/** Finishing a password reset with a code handed out by the administrator. */
export const completeResetInput = z.object({
  discordUsername,
  code: safeText(
    z
      .string({ error: 'Reset code is required' })
      .trim()
      .min(1, { error: 'Reset code is required' })
      .refine((value) => value.length === 0 || value.length >= MIN_RESET_CODE_LENGTH, {
        error: `Reset code must be at least ${MIN_RESET_CODE_LENGTH} characters`,
      })
      .max(MAX_RESET_CODE_LENGTH, { error: tooLong('Reset code', MAX_RESET_CODE_LENGTH) }),
    'Reset code',
  ),
  newPassword: passwordField(NEW_PASSWORD_REQUIRED, NEW_PASSWORD_TOO_SHORT),
});
export type CompleteResetInput = z.output<typeof completeResetInput>;

/** The 'Have a reset code?' form on the forgot-password view: the request plus a matching confirmation. */
export const completeResetFormSchema = withConfirmation(completeResetInput);
export type CompleteResetFormValues = z.input<typeof completeResetFormSchema>;

/** The administrator asking for a one-time reset code for a user. */
export const issueResetCodeInput = z.object({ discordUsername: adminTargetUsername });
export type IssueResetCodeInput = z.output<typeof issueResetCodeInput>;
