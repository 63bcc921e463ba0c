import { describe, expect, it } from 'vitest';

import { leaveOwedSentence, stillOwedLine, stillOwedOn } from './still-owed';

describe('stillOwedOn', () => {
  it('is the amount due on a row not yet paid, and nothing once marked or confirmed', () => {
    expect(stillOwedOn({ amountDue: 30, status: 'due' })).toBe(30);
    expect(stillOwedOn({ amountDue: 30, status: 'marked-paid' })).toBe(0);
    expect(stillOwedOn({ amountDue: 30, status: 'confirmed' })).toBe(0);
  });

  it('counts a top-up on a paid row, and what was paid on a row still due', () => {
    expect(stillOwedOn({ amountDue: 35, status: 'confirmed', paid: 30, topUpDue: 5 })).toBe(5);
    expect(stillOwedOn({ amountDue: 35, status: 'marked-paid', paid: 30, topUpDue: 5 })).toBe(5);
    expect(stillOwedOn({ amountDue: 30, status: 'due', paid: 10.5 })).toBe(19.5);
  });
});

describe('leaveOwedSentence', () => {
  it('names the amount and the organiser when something stays owed', () => {
    expect(leaveOwedSentence({ locked: true, owed: 30, to: 'Ana' })).toBe(
      'You will still owe SGD 30 to Ana unless they waive it.',
    );
    expect(leaveOwedSentence({ locked: true, owed: 26.67, to: 'Ana' })).toContain('SGD 26.67');
  });

  it('says plainly when nothing would be owed', () => {
    expect(leaveOwedSentence({ locked: false })).toBe('The price is not locked yet, so you will owe nothing.');
    expect(leaveOwedSentence({ locked: true, owed: 0, to: 'Ana' })).toBe(
      'Your share is already paid, so you will owe nothing more.',
    );
  });
});

describe('stillOwedLine', () => {
  it('reads as a line on My Rides', () => {
    expect(stillOwedLine(30, 'Ana')).toBe('Still owed: SGD 30 to Ana');
  });
});
