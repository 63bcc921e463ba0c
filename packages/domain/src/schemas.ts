/**
 * Every input the product accepts, as zod schemas with the spec's exact messages (docs/product.md#validation). The API
 * parses requests with the `*Input` schemas; the web forms validate with the `*FormSchema` ones, so a
 * message reads the same on screen and in an API answer. Within a field the first failing rule's
 * message comes first.
 *
 * Every free-text field refuses control characters and text-direction overrides (see
 * {@link isSafeText}); location boxes are multi-line, so they alone keep line breaks and tabs.
 * Discord usernames follow Discord's own rule (see {@link DISCORD_USERNAME_RULE}) wherever a name is
 * created or named for a reset; logging in looks a name up as typed, so older accounts still sign in.
 */
import { z } from 'zod';
import {
  DIRECTIONS,
  MAX_CANCEL_REASON_LENGTH,
  MAX_DISCORD_USERNAME_LENGTH,
  MAX_ID,
  MAX_LOCATION_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PASSENGERS,
  MAX_PASSWORD_LENGTH,
  MAX_PHONE_LENGTH,
  MAX_RESET_CODE_LENGTH,
  MAX_RIDE_COST,
  MAX_STOP_PRICE,
  MAX_USERNAME_LENGTH,
  MAX_VENDOR_FIELD_LENGTH,
  MIN_DISCORD_USERNAME_LENGTH,
  MIN_PASSENGERS,
  MIN_PASSWORD_LENGTH,
  MIN_RESET_CODE_LENGTH,
  MIN_RIDE_COST,
  MIN_STOP_PRICE,
} from './constants';
import { CONTACT_SHARING, SHARE_CONTACTS_MESSAGE } from './contacts';
import { COORDINATES_PAIR_MESSAGE, coordinatesFields, coordinatesPaired } from './coordinates';
import { parseRideDate } from './direction';
import { MAX_VEHICLE_SEATS, PERMIT_COUNTRIES, VENDOR_STATUSES, type Permit } from './vendor-approval';

// ---------------------------------------------------------------------------------------------
// Building blocks

/** Line feed, carriage return and tab: the only control characters a multi-line box may hold. */
const LINE_BREAKS_AND_TABS = new Set([0x0a, 0x0d, 0x09]);

/** The Arabic letter mark, the line and paragraph separators and the byte-order mark. */
const INVISIBLE_CHARACTERS = new Set([0x061c, 0x2028, 0x2029, 0xfeff]);

/**
 * Whether a text is free of characters that have no business in a name, a phone number or an
 * address: control characters (C0 U+0000–U+001F, DEL and C1 U+007F–U+009F; a NUL cannot even be
 * stored in Postgres text), the bidirectional embedding, override and isolate controls
 * (U+202A–U+202E, U+2066–U+2069) and the invisible marks and separators (zero-width space, joiners
 * and direction marks U+200B–U+200F, the Arabic letter mark U+061C, the byte-order mark U+FEFF, the
 * line and paragraph separators U+2028/U+2029), which make a text read differently from what it
 * holds or two names look alike. A `multiline` text (the location boxes) may also hold line feeds,
 * carriage returns and tabs; no other field may.
 *
 * @example isSafeText('Blk 123\nTampines St 11', { multiline: true }) // true
 * @example isSafeText('bob\u202Egnp.exe') // false
 * @example isSafeText('ali\u200Bce') // false
 */
export function isSafeText(text: string, options: { multiline?: boolean } = {}): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code <= 0x1f && !(options.multiline && LINE_BREAKS_AND_TABS.has(code))) return false;
    if (code >= 0x7f && code <= 0x9f) return false;
    if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) return false;
    if (INVISIBLE_CHARACTERS.has(code) || (code >= 0x200b && code <= 0x200f)) return false;
  }
  return true;
}

/** The refusal every text field gives for {@link isSafeText} failures, naming the field. */
export const unsafeTextMessage = (label: string): string =>
  `${label} contains characters that are not allowed (control or text-direction characters)`;

interface TextOptions {
  /** A location box: line breaks and tabs are kept (every other field is a single line). */
  multiline?: boolean;
}

/** The shared refinement of every text field schema: refuses {@link isSafeText} failures. */
function safeText<T extends z.ZodString>(schema: T, label: string, options: TextOptions = {}): T {
  return schema.refine((value) => isSafeText(value, options), { error: unsafeTextMessage(label) });
}

/** Runs a length check only on a non-empty string, so an empty field reports just "required". */
const whenFilled = (payload: { value: unknown }): boolean =>
  typeof payload.value === 'string' && payload.value.length > 0;

const tooLong = (label: string, max: number): string => `${label} must be at most ${max} characters`;

/** A trimmed text that must not be empty; `message` is used for missing, wrong type and blank. */
function requiredText(message: string, max: number, label: string, options: TextOptions = {}) {
  return safeText(
    z
      .string({ error: message })
      .trim()
      .min(1, { error: message })
      .max(max, { error: tooLong(label, max) }),
    label,
    options,
  );
}

/** A trimmed, bounded, safe text that may be empty (the optional fields build on it). */
function optionalText(max: number, label: string) {
  return safeText(
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, { error: tooLong(label, max) }),
    label,
  );
}

/** Optional trimmed text where blank means "no value": '' / null / missing all become null. */
export function nullableText(max: number, label: string) {
  return optionalText(max, label)
    .nullish()
    .transform((value) => (value ? value : null));
}

/** Like {@link nullableText} but a missing key stays undefined, meaning "leave unchanged". */
function patchText(max: number, label: string) {
  return optionalText(max, label)
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value ? value : null));
}

/** A form text field that may be left empty (Mantine keeps '' for an untouched input). */
export function formText(max: number, label: string) {
  return optionalText(max, label).optional();
}

/**
 * Discord's own rule for usernames: 2 to 32 characters, lower-case letters, digits, `_` and `.`.
 * Names are compared without regard to case, so upper case is accepted and stored lower-cased,
 * the form Discord shows.
 */
export const DISCORD_USERNAME_RULE = `Discord username must be ${MIN_DISCORD_USERNAME_LENGTH} to ${MAX_DISCORD_USERNAME_LENGTH} characters: letters, digits, underscores (_) and periods (.) only`;
const DISCORD_USERNAME_PATTERN = new RegExp(
  `^[a-z0-9_.]{${MIN_DISCORD_USERNAME_LENGTH},${MAX_DISCORD_USERNAME_LENGTH}}$`,
);

/**
 * A Discord username where one is created or named for a password reset: trimmed, lower-cased, and
 * within {@link DISCORD_USERNAME_RULE}.
 *
 * @example discordUsernameField('required').parse(' Alice_SG ') // 'alice_sg'
 */
function discordUsernameField(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .toLowerCase()
    .refine((value) => DISCORD_USERNAME_PATTERN.test(value), { error: DISCORD_USERNAME_RULE, when: whenFilled });
}

/** A password: required, then at least 8 characters, bounded so hashing cost stays bounded. */
function passwordField(requiredMessage: string, minMessage: string) {
  return (
    z
      .string({ error: requiredMessage })
      .min(1, { error: requiredMessage })
      // An empty password already reported "required"; only a typed one is too short.
      .refine((value) => value.length === 0 || value.length >= MIN_PASSWORD_LENGTH, { error: minMessage })
      .max(MAX_PASSWORD_LENGTH, { error: `Password must be at most ${MAX_PASSWORD_LENGTH} characters` })
  );
}

/** A password that is only checked for presence (logging in, proving the current one). */
function presentPassword(message: string) {
  return z
    .string({ error: message })
    .min(1, { error: message })
    .max(MAX_PASSWORD_LENGTH, { error: `Password must be at most ${MAX_PASSWORD_LENGTH} characters` });
}

/** A whole number between 1 and 10 with one message for every way of missing it. */
function seatCount(message: string) {
  return z
    .number({ error: message })
    .int({ error: message })
    .min(MIN_PASSENGERS, { error: message })
    .max(MAX_PASSENGERS, { error: message });
}

/** Form inputs hold numbers as text (or '' when cleared); read them as numbers first. */
export function formNumber<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    return value.trim() === '' ? undefined : Number(value);
  }, schema);
}

/** A row id: a positive whole number that fits a Postgres integer (`serial`); `message` otherwise. */
function rowId(message: string) {
  return z
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(MAX_ID, { error: message });
}

/** The id of a row named in a call. */
export const idInput = rowId('Invalid id');

/** A call about one ride. */
export const rideIdInput = z.object({ rideId: idInput });

// ---------------------------------------------------------------------------------------------
// The notification inbox

/** The most notifications one page of the inbox holds. */
export const MAX_NOTIFICATION_PAGE_SIZE = 50;
/** The most notification ids one "mark as read" call may name. */
export const MAX_NOTIFICATION_IDS = 100;

const NOTIFICATION_PAGE_MESSAGE = 'Page must be a whole number of at least 1';
const NOTIFICATION_PAGE_SIZE_MESSAGE = `Page size must be a whole number from 1 to ${String(MAX_NOTIFICATION_PAGE_SIZE)}`;

/** One page of the caller's inbox, newest first: `page` is 1-based, `pageSize` 1..50 (20 when left out). */
export const notificationListInput = z
  .object({
    page: z
      .number({ error: NOTIFICATION_PAGE_MESSAGE })
      .int({ error: NOTIFICATION_PAGE_MESSAGE })
      .min(1, { error: NOTIFICATION_PAGE_MESSAGE })
      .max(MAX_ID, { error: NOTIFICATION_PAGE_MESSAGE })
      .default(1),
    pageSize: z
      .number({ error: NOTIFICATION_PAGE_SIZE_MESSAGE })
      .int({ error: NOTIFICATION_PAGE_SIZE_MESSAGE })
      .min(1, { error: NOTIFICATION_PAGE_SIZE_MESSAGE })
      .max(MAX_NOTIFICATION_PAGE_SIZE, { error: NOTIFICATION_PAGE_SIZE_MESSAGE })
      .default(20),
  })
  .prefault({});
export type NotificationListInput = z.output<typeof notificationListInput>;

/**
 * Marking the caller's notifications read: the ones named in `ids` (at most 100; ids that are not
 * the caller's are ignored), or every one when `ids` is left out. An empty list marks none.
 */
export const markNotificationsReadInput = z
  .object({
    ids: z
      .array(rowId('Notification ids must be positive whole numbers'), {
        error: 'Notification ids must be a list of ids',
      })
      .max(MAX_NOTIFICATION_IDS, { error: `At most ${String(MAX_NOTIFICATION_IDS)} notification ids at a time` })
      .optional(),
  })
  .prefault({});
export type MarkNotificationsReadInput = z.output<typeof markNotificationsReadInput>;

const filled = (value: unknown): boolean => typeof value === 'string' && value.trim().length > 0;
const isObject = (payload: { value: unknown }): boolean => typeof payload.value === 'object' && payload.value !== null;

/** Registration's required-for-vendors messages (docs/product.md#register-validation), also used by a vendor's profile edit. */
export const VENDOR_MESSAGES = {
  companyName: 'Company name is required for vendors',
  driverName: 'Driver name is required for vendors',
  driverContact: 'Driver contact is required for vendors',
  carNumber: 'Car number is required for vendors',
} as const;

const DISCORD_REQUIRED = 'Discord username is required';
const PASSWORD_REQUIRED = 'Password is required';
const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
const NEW_PASSWORD_REQUIRED = 'Please enter a new password';
const NEW_PASSWORD_TOO_SHORT = `New password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
const PASSWORDS_DIFFER = 'New passwords do not match';
const INVALID_DATE = 'Invalid date provided';

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

// ---------------------------------------------------------------------------------------------
// Accounts

const driverDetailsInput = z.object({
  name: nullableText(MAX_NAME_LENGTH, 'Driver name'),
  contact: nullableText(MAX_VENDOR_FIELD_LENGTH, 'Driver contact'),
  carNumber: nullableText(MAX_VENDOR_FIELD_LENGTH, 'Car number'),
});

/** The longest permit number accepted. */
export const MAX_PERMIT_NUMBER_LENGTH = 40;
const PERMIT_EXPIRY_MESSAGE = 'Permit expiry must be a date (YYYY-MM-DD)';
const VEHICLE_SEATS_MESSAGE = `Vehicle seats must be a whole number from 1 to ${String(MAX_VEHICLE_SEATS)}`;

/**
 * Whether a text is a real calendar date written 'YYYY-MM-DD' (2026-02-30 is not).
 *
 * @example isCalendarDate('2027-02-28') // true
 */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A cross-border taxi permit as a vendor enters it (docs/vendors.md#licence). */
export const permitInput = z.object({
  country: z.enum(PERMIT_COUNTRIES, { error: 'Permit country must be SG or MY' }),
  number: requiredText('Permit number is required', MAX_PERMIT_NUMBER_LENGTH, 'Permit number'),
  expiresOn: z.string({ error: PERMIT_EXPIRY_MESSAGE }).trim().refine(isCalendarDate, { error: PERMIT_EXPIRY_MESSAGE }),
}) satisfies z.ZodType<Permit>;

/** The vehicle's passenger seats, 1..13. */
export const vehicleSeatsField = z
  .number({ error: VEHICLE_SEATS_MESSAGE })
  .int({ error: VEHICLE_SEATS_MESSAGE })
  .min(1, { error: VEHICLE_SEATS_MESSAGE })
  .max(MAX_VEHICLE_SEATS, { error: VEHICLE_SEATS_MESSAGE });

/** A vendor's driver as stored with their account (needed for MDAC/SGAC compliance). */
export type DriverDetails = { name: string; contact: string; carNumber: string };

/**
 * Registering an account. Optional contact fields become null when blank. Vendors must also give a
 * company name and their driver's name, contact and car number; for non-vendors those are dropped.
 */
export const registerInput = z
  .object({
    discordUsername,
    password: passwordField(PASSWORD_REQUIRED, PASSWORD_TOO_SHORT),
    name: nullableText(MAX_NAME_LENGTH, 'Name'),
    whatsappNumber: nullableText(MAX_PHONE_LENGTH, 'WhatsApp number'),
    malaysianNumber: nullableText(MAX_PHONE_LENGTH, 'Malaysian phone number'),
    revolutUsername: nullableText(MAX_USERNAME_LENGTH, 'Revolut username'),
    isVendor: z.boolean({ error: 'isVendor must be true or false' }).default(false),
    companyName: nullableText(MAX_VENDOR_FIELD_LENGTH, 'Company name'),
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
    name: formText(MAX_NAME_LENGTH, 'Name'),
    whatsappNumber: formText(MAX_PHONE_LENGTH, 'WhatsApp number'),
    malaysianNumber: formText(MAX_PHONE_LENGTH, 'Malaysian phone number'),
    revolutUsername: formText(MAX_USERNAME_LENGTH, 'Revolut username'),
    isVendor: z.boolean().default(false),
    companyName: formText(MAX_VENDOR_FIELD_LENGTH, 'Company name'),
    driverName: formText(MAX_NAME_LENGTH, 'Driver name'),
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

const confirmMatches = {
  check: (value: { newPassword: string; confirmPassword: string }) => value.newPassword === value.confirmPassword,
  params: { error: PASSWORDS_DIFFER, path: ['confirmPassword'] },
};

/** The password settings form: the request plus a confirmation that must match the new password. */
export const changePasswordFormSchema = changePasswordInput
  .extend({ confirmPassword: z.string({ error: PASSWORDS_DIFFER }) })
  .refine(confirmMatches.check, confirmMatches.params);
export type ChangePasswordFormValues = z.input<typeof changePasswordFormSchema>;

/** The admin resetting another user's password. */
export const adminResetInput = z.object({
  discordUsername: adminTargetUsername,
  newPassword: passwordField(NEW_PASSWORD_REQUIRED, NEW_PASSWORD_TOO_SHORT),
});
export type AdminResetInput = z.output<typeof adminResetInput>;

/** The admin tools form: the request plus a matching confirmation. */
export const adminResetFormSchema = adminResetInput
  .extend({ confirmPassword: z.string({ error: PASSWORDS_DIFFER }) })
  .refine(confirmMatches.check, confirmMatches.params);
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
export const completeResetFormSchema = completeResetInput
  .extend({ confirmPassword: z.string({ error: PASSWORDS_DIFFER }) })
  .refine(confirmMatches.check, confirmMatches.params);
export type CompleteResetFormValues = z.input<typeof completeResetFormSchema>;

/**
 * Updating one's profile. Every field is optional: missing means unchanged, blank means cleared
 * (null). Unknown keys (say, `isVendor` or `password`) are silently dropped, never applied.
 */
export const profileUpdateInput = z.object({
  name: patchText(MAX_NAME_LENGTH, 'Name'),
  whatsappNumber: patchText(MAX_PHONE_LENGTH, 'WhatsApp number'),
  malaysianNumber: patchText(MAX_PHONE_LENGTH, 'Malaysian phone number'),
  revolutUsername: patchText(MAX_USERNAME_LENGTH, 'Revolut username'),
  /** Vendors only (domain `assertVendorProfileChanges`); required once given. */
  companyName: patchText(MAX_VENDOR_FIELD_LENGTH, 'Company name'),
  /** Vendors only; all three parts required once given. */
  driverDetails: driverDetailsInput.nullable().optional(),
  /** Vendors only; null removes it. Changing it sends an approved vendor back to pending. */
  permit: permitInput.nullable().optional(),
  /** Vendors only; null removes it. */
  vehicleSeats: vehicleSeatsField.nullable().optional(),
  /** With whom one's numbers are shared on the rides one organises (docs/vendors.md#contacts). */
  shareContactsWith: z.enum(CONTACT_SHARING, { error: SHARE_CONTACTS_MESSAGE }).optional(),
});
export type ProfileUpdateInput = z.output<typeof profileUpdateInput>;

// ---------------------------------------------------------------------------------------------
// Vendor applications (administrators)

const VENDOR_PAGE_MESSAGE = 'Page must be a whole number of at least 1';
/** The most applications one page of the administrators' list holds. */
export const MAX_VENDOR_PAGE_SIZE = 50;
const VENDOR_PAGE_SIZE_MESSAGE = `Page size must be a whole number from 1 to ${String(MAX_VENDOR_PAGE_SIZE)}`;

/** One page of vendor accounts in one status (pending when left out), oldest change first. */
export const vendorApplicationsInput = z
  .object({
    status: z
      .enum(VENDOR_STATUSES, { error: 'Status must be pending, approved, rejected or suspended' })
      .default('pending'),
    page: z
      .number({ error: VENDOR_PAGE_MESSAGE })
      .int({ error: VENDOR_PAGE_MESSAGE })
      .min(1, { error: VENDOR_PAGE_MESSAGE })
      .max(MAX_ID, { error: VENDOR_PAGE_MESSAGE })
      .default(1),
    pageSize: z
      .number({ error: VENDOR_PAGE_SIZE_MESSAGE })
      .int({ error: VENDOR_PAGE_SIZE_MESSAGE })
      .min(1, { error: VENDOR_PAGE_SIZE_MESSAGE })
      .max(MAX_VENDOR_PAGE_SIZE, { error: VENDOR_PAGE_SIZE_MESSAGE })
      .default(20),
  })
  .prefault({});
export type VendorApplicationsInput = z.output<typeof vendorApplicationsInput>;

/** Approving a vendor account. */
export const approveVendorInput = z.object({ userId: idInput });

/** The longest reason an administrator may give. */
export const MAX_VENDOR_REASON_LENGTH = 300;
/** Rejecting or suspending a vendor account: the reason is what the vendor reads. */
export const vendorReasonInput = z.object({
  userId: idInput,
  reason: requiredText('A reason is required', MAX_VENDOR_REASON_LENGTH, 'Reason'),
});
export type VendorReasonInput = z.output<typeof vendorReasonInput>;

// ---------------------------------------------------------------------------------------------
// Rides

const direction = z.enum(DIRECTIONS, { error: 'Direction must be SG->FC or FC->SG' });

/** The organiser's own group must fit in the ride. */
const organizerFitsRide = {
  check: (ride: { organizerPassengerCount: number; maxPassengers: number }) =>
    ride.organizerPassengerCount <= ride.maxPassengers,
  params: {
    error: 'Passengers at your location cannot be more than the maximum passengers',
    path: ['organizerPassengerCount'],
  },
};

/** A whole number of SGD within bounds, with one message for every way of missing it. */
export function sgdAmount(min: number, max: number, message: string) {
  return z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });
}
export const RIDE_COST_MESSAGE = `Cost must be a whole number from ${MIN_RIDE_COST} to ${MAX_RIDE_COST} SGD`;
export const STOP_PRICE_MESSAGE = `Price per additional stop must be a whole number from ${MIN_STOP_PRICE} to ${MAX_STOP_PRICE} SGD`;
const rideCost = sgdAmount(MIN_RIDE_COST, MAX_RIDE_COST, RIDE_COST_MESSAGE);
const stopPrice = sgdAmount(MIN_STOP_PRICE, MAX_STOP_PRICE, STOP_PRICE_MESSAGE);

const multiline = { multiline: true };
const locationText = requiredText('Location is required', MAX_LOCATION_LENGTH, 'Location', multiline);

const rideDate = z.union([z.date(), z.string()], { error: INVALID_DATE }).transform((value, ctx) => {
  try {
    return parseRideDate(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: INVALID_DATE, input: value });
    return z.NEVER;
  }
});

const dropoffEntry = z
  .union(
    [
      locationText,
      z.object({
        location: locationText,
        passengerCount: seatCount('Passenger count must be a whole number from 1 to 10').default(1),
      }),
    ],
    { error: 'Each drop-off location must be a text or a location with a passenger count' },
  )
  .transform((entry) => (typeof entry === 'string' ? { location: entry, passengerCount: 1 } : entry));

/**
 * Creating or updating a ride. Drop-off entries may be plain strings (one passenger each); they come
 * out as `{ location, passengerCount }`. The organiser's group cannot exceed the ride's seats.
 * `cost` (SGD 1..1000) and `stopPrice` (SGD 0..100 a stop) are optional: left out, a new ride costs
 * SGD 80 and SGD 5 a stop, and an edit keeps what the ride had.
 */
export const ridePayloadInput = z
  .object({
    direction,
    maxPassengers: seatCount('Maximum passengers must be a whole number from 1 to 10'),
    date: rideDate,
    organizerPassengerCount: seatCount('Passengers at your location must be a whole number from 1 to 10').default(1),
    pickupLocation: requiredText('Pickup location is required', MAX_LOCATION_LENGTH, 'Pickup location', multiline),
    dropoffLocations: z
      .array(dropoffEntry, { error: 'Drop-off locations must be a list' })
      .min(1, { error: 'At least one drop-off location is required' })
      .max(MAX_PASSENGERS, { error: `At most ${MAX_PASSENGERS} drop-off locations are allowed` }),
    driverContactId: rowId('Driver contact id must be a positive whole number').nullish(),
    cost: rideCost.optional(),
    stopPrice: stopPrice.optional(),
  })
  .refine(organizerFitsRide.check, organizerFitsRide.params);
export type RidePayloadInput = z.output<typeof ridePayloadInput>;

/** The ride create/edit form's own checks (field names as the form uses them). */
export const rideFormSchema = z
  .object({
    direction,
    date: z
      .string({ error: 'Date and time is required' })
      .trim()
      .min(1, { error: 'Date and time is required' })
      .refine(
        (value) => {
          try {
            parseRideDate(value);
            return true;
          } catch {
            return false;
          }
        },
        { error: INVALID_DATE, when: whenFilled },
      ),
    maxPassengers: formNumber(seatCount('Maximum passengers must be a whole number from 1 to 10')),
    organizerLocation: requiredText('Please specify your location', MAX_LOCATION_LENGTH, 'Location', multiline),
    organizerPassengerCount: formNumber(seatCount('Passengers at your location must be a whole number from 1 to 10')),
    cost: formNumber(rideCost),
    stopPrice: formNumber(stopPrice),
  })
  .refine(organizerFitsRide.check, organizerFitsRide.params);

const joinLocation = requiredText('Drop-off location is required', MAX_LOCATION_LENGTH, 'Drop-off location', multiline);
const AT_LEAST_ONE_PASSENGER = 'Must have at least 1 passenger';

/** Joining a ride with one's location (pick-up for SG->FC, drop-off for FC->SG) and group size. */
export const joinRideInput = z
  .object({
    rideId: idInput,
    dropoffLocation: joinLocation,
    passengerCount: z
      .number({ error: AT_LEAST_ONE_PASSENGER })
      .int({ error: 'Number of passengers must be a whole number' })
      .min(MIN_PASSENGERS, { error: AT_LEAST_ONE_PASSENGER })
      .max(MAX_PASSENGERS, { error: `Number must be less than or equal to ${MAX_PASSENGERS}` })
      .default(1),
    /** Where the location was picked on the map, when it was (docs/vendors.md#stops-on-the-map). */
    ...coordinatesFields,
  })
  .refine(coordinatesPaired, { error: COORDINATES_PAIR_MESSAGE, path: ['longitude'] });
export type JoinRideInput = z.output<typeof joinRideInput>;

/**
 * The join card on the ride detail page: the group may not be larger than the seats left (and never
 * more than 10), with 'Number must be less than or equal to {n}'.
 *
 * @example joinFormSchema(2).safeParse({ dropoffLocation: 'Bedok', passengerCount: 3 })
 *   // fails on passengerCount: 'Number must be less than or equal to 2'
 */
export function joinFormSchema(remaining: number) {
  const limit = Math.min(Math.max(Math.floor(remaining), 0), MAX_PASSENGERS);
  return z.object({
    dropoffLocation: joinLocation,
    passengerCount: formNumber(
      z
        .number({ error: AT_LEAST_ONE_PASSENGER })
        .int({ error: 'Number of passengers must be a whole number' })
        .min(MIN_PASSENGERS, { error: AT_LEAST_ONE_PASSENGER })
        .max(limit, { error: `Number must be less than or equal to ${limit}` }),
    ),
  });
}
export type JoinFormValues = z.input<ReturnType<typeof joinFormSchema>>;

/** The refusal of a missing or blank cancel reason (API and the Cancel Ride form alike). */
export const CANCEL_REASON_REQUIRED = 'Please give a reason for cancelling';

/**
 * Why the organiser cancels a ride: 1 to 300 characters after trimming; a text box, so line breaks
 * and tabs are kept but other control and text-direction characters are refused.
 */
export const cancelReasonField = requiredText(CANCEL_REASON_REQUIRED, MAX_CANCEL_REASON_LENGTH, 'Reason', {
  multiline: true,
});

/** Cancelling a ride: the ride's id and the reason passengers and the vendor will read. */
export const cancelRideInput = z.object({ id: idInput, reason: cancelReasonField });
export type CancelRideInput = z.output<typeof cancelRideInput>;

/** The Cancel Ride form (the modal's textarea): the same reason rule and messages. */
export const cancelRideFormSchema = z.object({ reason: cancelReasonField });
export type CancelRideFormValues = z.input<typeof cancelRideFormSchema>;

/** Setting one passenger's stop number (1-based). */
export const sequenceInput = z.object({
  sequence: z
    .number({ error: 'Sequence must be a whole number of at least 1' })
    .int({ error: 'Sequence must be a whole number of at least 1' })
    .min(1, { error: 'Sequence must be a whole number of at least 1' }),
});
export type SequenceInput = z.output<typeof sequenceInput>;

/** A row id written as text: plain decimal digits, without sign, leading zero, exponent or fraction. */
const ID_TEXT = /^[1-9][0-9]{0,9}$/;

/**
 * A row id from a path segment or body: a positive whole number that fits a Postgres integer. Text
 * (path segments are text) must be the id's one plain spelling: '16' is read, while '0x10', '1.6e1',
 * '+16', '016', '16.0' and ' 16' are refused rather than read by Number() as the same ride
 * (docs/http-requests.md#ids). Booleans, null and blanks are refused rather than coerced to 1/0.
 */
export const idParam = z.preprocess(
  (value) => (typeof value === 'string' ? (ID_TEXT.test(value) ? Number(value) : Number.NaN) : value),
  idInput,
);

/**
 * What a REST client reads when a path id is not an id, naming the path parameter.
 *
 * @example idParamMessage('passengerId') // 'Invalid id (passengerId): a whole number from 1 to 2147483647, in plain digits'
 */
export function idParamMessage(name: string): string {
  return `Invalid id (${name}): a whole number from 1 to ${String(MAX_ID)}, in plain digits`;
}
