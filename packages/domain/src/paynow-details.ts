/**
 * What a payer types into their bank when they cannot scan the PayNow code on the phone that pays
 * (docs/payments.md#paynow-actions): the proxy (mobile number or UEN), the amount, the payee and the
 * reference, read back from the code's own payload so it can never say something else than the code.
 */
import { decodeEmvco, type EmvField } from './emvco';

export interface PaynowDetails {
  proxyType: 'mobile' | 'uen';
  /** '+6591234567' or a UEN such as '201912345K'. */
  proxy: string;
  /** The amount as in the code, '30.00'. */
  amount: string;
  payee: string | null;
  reference: string | null;
}

const child = (field: EmvField | undefined, id: string) => field?.children?.find((c) => c.id === id)?.value;

/** The details of a PayNow payload, or null when it is not a PayNow code this app makes. */
export function paynowDetails(payload: string): PaynowDetails | null {
  let fields: EmvField[];
  try {
    fields = decodeEmvco(payload);
  } catch {
    return null;
  }
  const account = fields.find((f) => f.id === '26' && child(f, '00') === 'SG.PAYNOW');
  const proxy = child(account, '02');
  const amount = fields.find((f) => f.id === '54')?.value;
  if (!proxy || !amount) return null;
  return {
    proxyType: child(account, '01') === '0' ? 'mobile' : 'uen',
    proxy,
    amount,
    payee: fields.find((f) => f.id === '59')?.value ?? null,
    reference:
      child(
        fields.find((f) => f.id === '62'),
        '01',
      ) ?? null,
  };
}

/**
 * The text "Copy PayNow details" puts on the clipboard.
 *
 * @example paynowDetailsText(details)
 *   // 'PayNow to UEN 201912345K (Olive), amount SGD 30.00, reference RIDE 12'
 */
export function paynowDetailsText(details: PaynowDetails): string {
  const to = `${details.proxyType === 'mobile' ? 'mobile' : 'UEN'} ${details.proxy}`;
  const payee = details.payee ? ` (${details.payee})` : '';
  const reference = details.reference ? `, reference ${details.reference}` : '';
  return `PayNow to ${to}${payee}, amount SGD ${details.amount}${reference}`;
}
