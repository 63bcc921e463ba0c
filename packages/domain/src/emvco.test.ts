import { describe, expect, it } from 'vitest';

import { crc16CcittFalse, decodeEmvco, paynowPayload, type EmvField } from './emvco';

/**
 * An independent CRC-16/CCITT-FALSE: bit by bit over the message as a polynomial, no table (ASCII
 * input, which is all a payload holds).
 */
function referenceCrc(text: string): number {
  let crc = 0xffff;
  for (const char of Array.from(text, (c) => c.charCodeAt(0))) {
    for (let bit = 7; bit >= 0; bit -= 1) {
      const top = (crc >> 15) & 1;
      const incoming = (char >> bit) & 1;
      crc = (crc << 1) & 0xffff;
      if (top ^ incoming) crc ^= 0x1021;
    }
  }
  return crc;
}

const tag = (fields: EmvField[], id: string) => fields.find((f) => f.id === id);

describe('CRC-16/CCITT-FALSE', () => {
  it('gives the standard check value for "123456789"', () => {
    expect(referenceCrc('123456789')).toBe(0x29b1);
    expect(crc16CcittFalse('123456789')).toBe('29B1');
  });

  it('agrees with the independent computation and pads to four digits', () => {
    for (const text of ['', 'A', '000201010212', 'SG.PAYNOW']) {
      expect(crc16CcittFalse(text)).toBe(referenceCrc(text).toString(16).toUpperCase().padStart(4, '0'));
    }
  });
});

describe('PayNow payload', () => {
  const payload = paynowPayload({
    proxy: { type: 'mobile', value: '+6591234567' },
    amountCents: 2833,
    reference: 'RIDE 42',
    merchantName: 'Priya Pricer',
    expiresOn: '20261210',
  });

  it('matches a known-good payload byte for byte', () => {
    const body =
      '000201' +
      '010212' +
      '2650' +
      '0009SG.PAYNOW' +
      '01010' +
      '0211+6591234567' +
      '03010' +
      '040820261210' +
      '52040000' +
      '5303702' +
      '540528.33' +
      '5802SG' +
      '5912Priya Pricer' +
      '6009Singapore' +
      '62110107RIDE 42' +
      '6304';
    expect(payload).toBe(body + referenceCrc(body).toString(16).toUpperCase().padStart(4, '0'));
  });

  it('decodes into every tag the SGQR format asks for', () => {
    const fields = decodeEmvco(payload);
    expect(fields.map((f) => f.id)).toEqual(['00', '01', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
    expect(tag(fields, '00')?.value).toBe('01');
    expect(tag(fields, '01')?.value).toBe('12');
    const account = tag(fields, '26')?.children ?? [];
    expect(account.map((f) => [f.id, f.value])).toEqual([
      ['00', 'SG.PAYNOW'],
      ['01', '0'],
      ['02', '+6591234567'],
      ['03', '0'],
      ['04', '20261210'],
    ]);
    expect(tag(fields, '52')?.value).toBe('0000');
    expect(tag(fields, '53')?.value).toBe('702');
    expect(tag(fields, '54')?.value).toBe('28.33');
    expect(tag(fields, '58')?.value).toBe('SG');
    expect(tag(fields, '59')?.value).toBe('Priya Pricer');
    expect(tag(fields, '60')?.value).toBe('Singapore');
    expect(tag(fields, '62')?.children).toEqual([{ id: '01', value: 'RIDE 42' }]);
  });

  it('ends with the CRC of everything before it, its own id and length included', () => {
    const crc = tag(decodeEmvco(payload), '63')?.value;
    expect(crc).toBe(referenceCrc(payload.slice(0, -4)).toString(16).toUpperCase().padStart(4, '0'));
  });

  it('marks a UEN as proxy type 2 and cleans the name to what the format allows', () => {
    const uen = paynowPayload({
      proxy: { type: 'uen', value: '201912345K' },
      amountCents: 100,
      reference: 'RIDE 7',
      merchantName: 'Zoë’s very long company name that goes on',
      expiresOn: '20261231',
    });
    const fields = decodeEmvco(uen);
    expect(tag(fields, '26')?.children?.[1]).toEqual({ id: '01', value: '2' });
    expect(tag(fields, '54')?.value).toBe('1.00');
    expect(tag(fields, '59')?.value).toBe('Zos very long company nam');
  });

  it('refuses an amount that is not a positive number of cents', () => {
    const base = {
      proxy: { type: 'mobile', value: '+6591234567' },
      reference: 'R',
      merchantName: 'A',
      expiresOn: '20261231',
    } as const;
    expect(() => paynowPayload({ ...base, amountCents: 0 })).toThrow(RangeError);
    expect(() => paynowPayload({ ...base, amountCents: 12.5 })).toThrow(RangeError);
  });
});
