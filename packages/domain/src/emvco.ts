/**
 * The SGQR (EMVCo merchant-presented) payload of a PayNow payment (docs/payments.md#paynow): a
 * string of tag-length-value fields ending with a CRC-16/CCITT-FALSE. Written here rather than
 * taken from a package: the npm PayNow generators are unmaintained and untyped, and the format is
 * small. Tests decode every tag and check the CRC against an independent computation.
 */
import { centsText, type PaynowProxy } from './payments';

/** The UTF-8 bytes of a text (the domain runs without Node's or the browser's encoders). */
function utf8Bytes(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
    else {
      bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 0x3f), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
    }
  }
  return bytes;
}

/**
 * CRC-16/CCITT-FALSE (poly 0x1021, initial 0xFFFF, no reflection, no final xor) over the UTF-8
 * bytes of `text`, as four upper-case hex digits.
 *
 * @example crc16CcittFalse('123456789') // '29B1'
 */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of utf8Bytes(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** One field: two-digit id, two-digit length, value (at most 99 characters). */
function field(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`EMVCo field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Keeps the characters EMVCo's alphanumeric fields allow, trimmed to `max`. */
function emvText(text: string, max: number): string {
  const clean = text.replace(/[^A-Za-z0-9 .,\-/&()']/g, '').trim();
  return (clean.length > 0 ? clean : 'NA').slice(0, max);
}

export interface PaynowPayloadInput {
  proxy: PaynowProxy;
  /** The exact amount, in cents; the payer cannot edit it. */
  amountCents: number;
  /** What the payer's bank shows as the reference (e.g. 'RIDE 42'), at most 25 characters. */
  reference: string;
  /** The payee's name as the payer's app shows it, at most 25 characters. */
  merchantName: string;
  /** The code stops working after this day (the departure, Singapore date 'YYYYMMDD'). */
  expiresOn: string;
}

/**
 * A dynamic PayNow QR payload for one exact amount: tags 00 (format), 01 ('12': dynamic), 26
 * (PayNow: 'SG.PAYNOW', proxy type 0 mobile / 2 UEN, the proxy, '0' not editable, expiry), 52
 * ('0000'), 53 ('702', SGD), 54 (amount), 58 ('SG'), 59 (name), 60 ('Singapore'), 62 (01: the
 * reference) and 63 (CRC over everything before its value, its own id and length included).
 */
export function paynowPayload(input: PaynowPayloadInput): string {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
    throw new RangeError('a PayNow amount must be a positive number of cents');
  }
  const account = [
    field('00', 'SG.PAYNOW'),
    field('01', input.proxy.type === 'mobile' ? '0' : '2'),
    field('02', input.proxy.value),
    field('03', '0'),
    field('04', input.expiresOn),
  ].join('');
  const body = [
    field('00', '01'),
    field('01', '12'),
    field('26', account),
    field('52', '0000'),
    field('53', '702'),
    field('54', centsText(input.amountCents)),
    field('58', 'SG'),
    field('59', emvText(input.merchantName, 25)),
    field('60', 'Singapore'),
    field('62', field('01', emvText(input.reference, 25))),
    '6304',
  ].join('');
  return `${body}${crc16CcittFalse(body)}`;
}

/** One decoded field; `children` is set for the templates (26 and 62), whose value is fields too. */
export interface EmvField {
  id: string;
  value: string;
  children?: EmvField[];
}

/**
 * Reads a payload back into its fields (templates 26..51 and 62 decoded one level down). Throws on
 * a length that runs past the end.
 */
export function decodeEmvco(payload: string): EmvField[] {
  const fields: EmvField[] = [];
  let at = 0;
  while (at < payload.length) {
    const id = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    const value = payload.slice(at + 4, at + 4 + length);
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length) || value.length !== length) {
      throw new RangeError(`malformed EMVCo field at ${String(at)}`);
    }
    const numeric = Number(id);
    const template = (numeric >= 26 && numeric <= 51) || numeric === 62;
    fields.push(template ? { id, value, children: decodeEmvco(value) } : { id, value });
    at += 4 + length;
  }
  return fields;
}
