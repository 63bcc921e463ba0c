import { describe, expect, it } from 'vitest';

import { passengerMarks } from './passenger-marks';

const texts = (facts: Parameters<typeof passengerMarks>[0]) => {
  const { badges, words } = passengerMarks(facts);
  return { badges: badges.map((mark) => mark.text), words };
};

describe('passengerMarks', () => {
  it('puts at most two marks in badges, the rest in words', () => {
    expect(texts({ stop: 1, isOwn: true, isOrganizerEntry: true, listNumber: 1 })).toEqual({
      badges: ['Stop #1', 'You'],
      words: 'Organizer · Passenger 1',
    });
  });

  it.each([
    [{ stop: null, isOwn: false, isOrganizerEntry: true, listNumber: 1 }, ['Organizer', 'Passenger 1'], ''],
    [{ stop: 3, isOwn: false, isOrganizerEntry: false, listNumber: null }, ['Stop #3'], ''],
    [{ stop: null, isOwn: true, isOrganizerEntry: false, listNumber: null }, ['You'], ''],
    [{ stop: 2, isOwn: false, isOrganizerEntry: true, listNumber: 1 }, ['Stop #2', 'Organizer'], 'Passenger 1'],
  ])('%o', (facts, badges, words) => {
    expect(texts(facts)).toEqual({ badges, words });
  });

  it('says a late joiner of a locked order is not placed yet, in the stop badge', () => {
    expect(texts({ stop: null, unplaced: true, isOwn: true, isOrganizerEntry: false, listNumber: null })).toEqual({
      badges: ['Not placed yet', 'You'],
      words: '',
    });
  });
});
