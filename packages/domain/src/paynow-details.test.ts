import { describe, expect, it } from 'vitest';

import { paynowPayload } from './emvco';
import { paynowDetails, paynowDetailsText } from './paynow-details';

const base = { amountCents: 3000, reference: 'RIDE 12', merchantName: 'Olive', expiresOn: '20311203' };

describe('paynowDetails', () => {
  it('reads a UEN, the amount, the payee and the reference back from the code', () => {
    const details = paynowDetails(paynowPayload({ ...base, proxy: { type: 'uen', value: '201912345K' } }));
    expect(details).toEqual({
      proxyType: 'uen',
      proxy: '201912345K',
      amount: '30.00',
      payee: 'Olive',
      reference: 'RIDE 12',
    });
    expect(details && paynowDetailsText(details)).toBe(
      'PayNow to UEN 201912345K (Olive), amount SGD 30.00, reference RIDE 12',
    );
  });

  it('reads a mobile number', () => {
    const details = paynowDetails(paynowPayload({ ...base, proxy: { type: 'mobile', value: '+6591234567' } }));
    expect(details && paynowDetailsText(details)).toBe(
      'PayNow to mobile +6591234567 (Olive), amount SGD 30.00, reference RIDE 12',
    );
  });

  it('answers null for anything that is not a PayNow code', () => {
    expect(paynowDetails('not a payload')).toBeNull();
    expect(paynowDetails('000201')).toBeNull();
  });
});
