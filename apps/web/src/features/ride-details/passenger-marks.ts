/**
 * `passengerMarks(entry facts)`: what marks a passenger entry carries (docs/product.md#passenger-marks).
 * In order of what matters most to the reader — its stop number, that it is the reader's own, that
 * it is the organizer's, its place in the list (the organizer's view) — the first two are badges and
 * the rest are said in words on one line, so an entry never carries more than two badges.
 */
export interface PassengerMarkFacts {
  /** The entry's stop number, or null before the drop-offs are ordered. */
  stop: number | null;
  /** A late joiner of a locked order the organiser has not placed yet (docs/product.md#late-joiners). */
  unplaced?: boolean;
  isOwn: boolean;
  isOrganizerEntry: boolean;
  /** 'Passenger n' (1-based), shown to the organizer only; null for everyone else. */
  listNumber: number | null;
}

export type PassengerMark = { kind: 'stop' | 'own' | 'organizer' | 'number'; text: string };

export const MAX_PASSENGER_BADGES = 2;

/**
 * @example passengerMarks({ stop: 1, isOwn: true, isOrganizerEntry: true, listNumber: 1 })
 *   // { badges: [Stop #1, You], words: 'Organizer · Passenger 1' }
 */
export function passengerMarks(facts: PassengerMarkFacts): { badges: PassengerMark[]; words: string } {
  const marks: PassengerMark[] = [];
  if (facts.unplaced) marks.push({ kind: 'stop', text: 'Not placed yet' });
  else if (facts.stop !== null) marks.push({ kind: 'stop', text: `Stop #${String(facts.stop)}` });
  if (facts.isOwn) marks.push({ kind: 'own', text: 'You' });
  if (facts.isOrganizerEntry) marks.push({ kind: 'organizer', text: 'Organizer' });
  if (facts.listNumber !== null) marks.push({ kind: 'number', text: `Passenger ${String(facts.listNumber)}` });
  return {
    badges: marks.slice(0, MAX_PASSENGER_BADGES),
    words: marks
      .slice(MAX_PASSENGER_BADGES)
      .map((mark) => mark.text)
      .join(' · '),
  };
}
