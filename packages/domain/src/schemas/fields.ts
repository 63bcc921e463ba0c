/**
 * The building blocks every input schema is made of (docs/product.md#validation): safe text, the
 * Discord username and password rules, counts, amounts, ids and dates. Each area's inputs live in
 * their own file beside this one; see `./index.ts` for the placement rule.
 *
 * Every free-text field refuses control characters and text-direction overrides (see
 * {@link isSafeText}); location boxes are multi-line, so they alone keep line breaks and tabs.
 * Discord usernames follow Discord's own rule (see {@link DISCORD_USERNAME_RULE}) wherever a name is
 * created or named for a reset; logging in looks a name up as typed, so older accounts still sign in.
 */
import { z } from 'zod';
import {
  MAX_DISCORD_USERNAME_LENGTH,
  MAX_ID,
  MAX_PASSENGERS,
  MAX_PASSWORD_LENGTH,
  MIN_DISCORD_USERNAME_LENGTH,
  MIN_PASSENGERS,
  MIN_PASSWORD_LENGTH,
} from '../constants';

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

/**
 * Characters a name may not hold even when every other field may: default-ignorable code points
 * (U+00AD soft hyphen, U+2060 word joiner, the tag characters U+E0000–U+E007F, variation selectors,
 * U+115F/U+1160 and U+3164/U+FFA0 Hangul fillers, …), format characters (Cf), private-use (Co) and
 * lone surrogates (Cs), and the blanks that show as nothing (U+2800 Braille blank).
 */
const INVISIBLE_IN_NAMES = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Co}\p{Cs}\u115F\u1160\u3164\uFFA0\u2800]/u;
const VISIBLE_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * Whether a name (a member's, a company's, a driver's) reads as what it holds (docs/product.md#validation):
 * none of {@link INVISIBLE_IN_NAMES}, and at least one visible letter or digit, so no two members
 * can look alike through characters nobody sees and no name is blank to the eye. Names are
 * normalised to NFKC before this check (full-width and compatibility forms become plain ones).
 *
 * @example isVisibleName('Ali Tan') // true
 * @example isVisibleName('Ali\u2060ce') // false
 * @example isVisibleName('\u3164') // false
 */
export function isVisibleName(text: string): boolean {
  if (text === '') return true;
  return !INVISIBLE_IN_NAMES.test(text) && VISIBLE_LETTER_OR_DIGIT.test(text);
}

/**
 * Whether a free text (a chat message, a report's reason, a note) shows something
 * (docs/product.md#validation): at least one character that is neither a space nor one of
 * {@link INVISIBLE_IN_NAMES}, so a message of only a word joiner or a Hangul filler is not a blank
 * bubble. Unlike a name it may hold marks, punctuation and symbols alone ('👍', '?').
 *
 * @example hasVisibleCharacter('👍') // true
 * @example hasVisibleCharacter('\u2060\u3164') // false
 */
export function hasVisibleCharacter(text: string): boolean {
  for (const char of text) {
    if (!/\s/u.test(char) && !INVISIBLE_IN_NAMES.test(char)) return true;
  }
  return false;
}

/** The refusal a free text gives for {@link hasVisibleCharacter} failures. */
export const invisibleTextMessage = (label: string): string =>
  `${label} must show at least one visible character: invisible or blank characters alone are not allowed`;

/** The refusal a name field gives for {@link isVisibleName} failures. */
export const invisibleNameMessage = (label: string): string =>
  `${label} must be visible letters or digits: invisible or blank characters are not allowed`;

/** The refusal every text field gives for {@link isSafeText} failures, naming the field. */
export const unsafeTextMessage = (label: string): string =>
  `${label} contains characters that are not allowed (control or text-direction characters)`;

interface TextOptions {
  /** A location box: line breaks and tabs are kept (every other field is a single line). */
  multiline?: boolean;
  /** A name: normalised to NFKC, and held to {@link isVisibleName}. */
  name?: boolean;
  /** A free text someone reads (a message, a reason, a note): held to {@link hasVisibleCharacter} when filled. */
  visible?: boolean;
}

/**
 * The shared refinement of every text field schema: refuses {@link isSafeText} failures, and for a
 * `visible` text a filled value without a visible character (an unsafe text reports that alone).
 */
export function safeText<T extends z.ZodString>(schema: T, label: string, options: TextOptions = {}): T {
  const safe = schema.refine((value) => isSafeText(value, options), { error: unsafeTextMessage(label) });
  if (!options.visible) return safe;
  const visible = (value: string) => value === '' || !isSafeText(value, options) || hasVisibleCharacter(value);
  return safe.refine(visible, { error: invisibleTextMessage(label) });
}

/** Runs a length check only on a non-empty string, so an empty field reports just "required". */
export const whenFilled = (payload: { value: unknown }): boolean =>
  typeof payload.value === 'string' && payload.value.length > 0;

/** Whether a raw form or request value holds some non-blank text. */
export const filled = (value: unknown): boolean => typeof value === 'string' && value.trim().length > 0;

/** Runs an object-wide check only when the value is an object at all. */
export const isObject = (payload: { value: unknown }): boolean =>
  typeof payload.value === 'object' && payload.value !== null;

export const tooLong = (label: string, max: number): string => `${label} must be at most ${max} characters`;

/** A multi-line text box (the location boxes, the cancel reason). */
export const multiline: TextOptions = { multiline: true };

/** A multi-line text someone reads (a chat message, a report's reason): line breaks kept, something visible required. */
export const visibleMultiline: TextOptions = { multiline: true, visible: true };

/** A one-line text someone reads (a thumb's or a quote's note): something visible required when filled. */
export const visibleLine: TextOptions = { visible: true };

/** A trimmed text that must not be empty; `message` is used for missing, wrong type and blank. */
export function requiredText(message: string, max: number, label: string, options: TextOptions = {}) {
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

/** A trimmed, bounded, safe text that may be empty (the optional fields build on it); a name also NFKC and visible. */
function optionalText(max: number, label: string, options: TextOptions = {}) {
  const text = z.string({ error: `${label} must be text` });
  const safe = safeText(
    (options.name ? text.normalize('NFKC') : text).trim().max(max, { error: tooLong(label, max) }),
    label,
    { visible: options.visible },
  );
  // Text already refused as unsafe reports that alone.
  const visible = (value: string) => !isSafeText(value) || isVisibleName(value);
  return options.name ? safe.refine(visible, { error: invisibleNameMessage(label) }) : safe;
}

/** Optional trimmed text where blank means "no value": '' / null / missing all become null. */
export function nullableText(max: number, label: string, options: TextOptions = {}) {
  return optionalText(max, label, options)
    .nullish()
    .transform((value) => (value ? value : null));
}

/** Like {@link nullableText} but a missing key stays undefined, meaning "leave unchanged". */
export function patchText(max: number, label: string, options: TextOptions = {}) {
  return optionalText(max, label, options)
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value ? value : null));
}

/** A form text field that may be left empty (Mantine keeps '' for an untouched input). */
export function formText(max: number, label: string, options: TextOptions = {}) {
  return optionalText(max, label, options).optional();
}

/** A name field's options: NFKC, and visible letters or digits only. */
export const nameField: TextOptions = { name: true };

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
export function discordUsernameField(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .toLowerCase()
    .refine((value) => DISCORD_USERNAME_PATTERN.test(value), { error: DISCORD_USERNAME_RULE, when: whenFilled });
}

/** A password: required, then at least 8 characters, bounded so hashing cost stays bounded. */
export function passwordField(requiredMessage: string, minMessage: string) {
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
export function presentPassword(message: string) {
  return z
    .string({ error: message })
    .min(1, { error: message })
    .max(MAX_PASSWORD_LENGTH, { error: `Password must be at most ${MAX_PASSWORD_LENGTH} characters` });
}

/** A whole number from `min` to `max`, with one message for every way of missing it. */
export function wholeNumber(min: number, max: number, message: string) {
  return z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });
}

/** A whole number between 1 and 10 with one message for every way of missing it. */
export function seatCount(message: string) {
  return wholeNumber(MIN_PASSENGERS, MAX_PASSENGERS, message);
}

/** Form inputs hold numbers as text (or '' when cleared); read them as numbers first. */
export function formNumber<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    return value.trim() === '' ? undefined : Number(value);
  }, schema);
}

/** A row id: a positive whole number that fits a Postgres integer (`serial`); `message` otherwise. */
export function rowId(message: string) {
  return z
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(MAX_ID, { error: message });
}

/** The id of a row named in a call. */
export const idInput = rowId('Invalid id');

/** A whole number of SGD within bounds, with one message for every way of missing it. */
export const sgdAmount = wholeNumber;

/**
 * Paging fields of a list: `page` is 1-based (1 when left out), `pageSize` from 1 to `maxPageSize`
 * (20 when left out), each with one message for every way of missing it.
 */
export function pageFields(maxPageSize: number) {
  const pageMessage = 'Page must be a whole number of at least 1';
  const pageSizeMessage = `Page size must be a whole number from 1 to ${String(maxPageSize)}`;
  return {
    page: wholeNumber(1, MAX_ID, pageMessage).default(1),
    pageSize: wholeNumber(1, maxPageSize, pageSizeMessage).default(20),
  };
}

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
