import { describe, expect, it } from 'vitest';

import { formatRideDate } from './time';
import { permitScopeSentences } from './licence-rules';
import { releaseDeadline, releaseRuleSentence } from './vendor-lifecycle';

describe('permitScopeSentences', () => {
  it('names the allowed direction and counts the hidden rides with the permit they need', () => {
    expect(permitScopeSentences(['SG->FC'], [{ direction: 'FC->SG', count: 3 }])).toEqual([
      'Your permit lets you take Singapore → Forest City rides.',
      '3 Forest City → Singapore rides need a Malaysian permit.',
    ]);
    expect(permitScopeSentences(['FC->SG'], [{ direction: 'SG->FC', count: 1 }])).toEqual([
      'Your permit lets you take Forest City → Singapore rides.',
      '1 Singapore → Forest City ride needs a Singapore permit.',
    ]);
  });

  it('says nothing is hidden when the permit allows both directions or nothing is open', () => {
    expect(permitScopeSentences(['SG->FC', 'FC->SG'], [])).toEqual([
      'Your permit lets you take rides in both directions.',
    ]);
    expect(permitScopeSentences(['SG->FC'], [{ direction: 'FC->SG', count: 0 }])).toEqual([
      'Your permit lets you take Singapore → Forest City rides.',
    ]);
  });
});

describe('releaseRuleSentence', () => {
  const ride = { date: '2026-12-12T01:00:00Z' }; // Saturday 12 Dec, 9:00 am in Singapore

  it('gives the deadline 24 hours before departure, in Singapore time', () => {
    expect(releaseDeadline(ride).toISOString()).toBe('2026-12-11T01:00:00.000Z');
    expect(releaseRuleSentence(ride, new Date('2026-12-07T00:00:00Z'), formatRideDate)).toBe(
      `Once taken, you can release a ride only until 24 hours before departure: for this ride, until ${formatRideDate('2026-12-11T01:00:00Z')} (Singapore time).`,
    );
  });

  it('says a ride within 24 hours cannot be released once taken', () => {
    expect(releaseRuleSentence(ride, new Date('2026-12-11T01:00:00Z'), formatRideDate)).toBe(
      'Once taken, you can release a ride only until 24 hours before departure: this one departs within 24 hours, so you cannot release it once taken.',
    );
  });
});
