/**
 * When a typed place looks like a stop the ride already has (docs/product.md#same-stop): a looser
 * comparison than the one that counts stops ({@link placeKey}), used to warn on the join form and
 * to offer stops to merge, never to merge by itself.
 */
import { placeKey } from './stops';

/** Words that people write several ways, each mapped to one form. */
const WORD_FORMS: Readonly<Record<string, string>> = {
  ex: 'exit',
  ext: 'exit',
  exit: 'exit',
  blk: 'blk',
  bk: 'blk',
  block: 'blk',
  stn: 'stn',
  station: 'stn',
  rd: 'road',
  road: 'road',
  ave: 'avenue',
  avenue: 'avenue',
  st: 'street',
  street: 'street',
};

/** Words that say nothing about the place. */
const FILLER = new Set(['the', 'at', 'near', 'opp', 'opposite', 'outside']);

/**
 * A place as compared for "looks like": lower case, bracketed notes dropped, punctuation dropped,
 * "exit"/"blk"/"stn" (and road, avenue, street) forms made one, filler words dropped.
 *
 * @example stopMatchKey('Clementi MRT, Exit B (bus stop)') // 'clementi mrt exit b'
 * @example stopMatchKey('Blk 123 Bedok North Stn') // 'blk 123 bedok north stn'
 */
export function stopMatchKey(location: string): string {
  const withoutNotes = location.replace(/\([^)]*\)|\[[^\]]*\]|\{[^}]*\}/g, ' ');
  return placeKey(withoutNotes)
    .split(' ')
    .filter((word) => word !== '' && !FILLER.has(word))
    .map((word) => WORD_FORMS[word] ?? word)
    .join(' ');
}

/**
 * Whether two typed places look like one stop (their {@link stopMatchKey}s are equal and not blank).
 *
 * @example looksLikeSameStop('Clementi MRT exit B', 'Clementi MRT, Exit B (bus stop)') // true
 */
export function looksLikeSameStop(a: string, b: string): boolean {
  const key = stopMatchKey(a);
  return key !== '' && key === stopMatchKey(b);
}

/** A stop of the ride as the join form offers it: its place and who is there first. */
export interface StopChoice {
  location: string;
  /** The first rider at this stop, as shown ('Ben'). */
  name: string;
}

/**
 * The ride's stops as join choices, one per place (the same place typed alike counts once), in the
 * order given, each with the first rider's name. Blank places are left out.
 *
 * @example stopChoices([{ location: 'Clementi MRT Exit B', name: 'Ben' }, { location: 'clementi mrt exit b', name: 'Ann' }])
 *   // [{ location: 'Clementi MRT Exit B', name: 'Ben' }]
 */
export function stopChoices(stops: readonly StopChoice[]): StopChoice[] {
  const seen = new Set<string>();
  const choices: StopChoice[] = [];
  for (const stop of stops) {
    const key = placeKey(stop.location);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    choices.push({ location: stop.location.trim(), name: stop.name });
  }
  return choices;
}

/**
 * The existing stop a typed place looks like but is not typed as (so joining there would count as
 * another stop), or null: the join form's warning.
 *
 * @example lookalikeStop('Clementi MRT, Exit B (bus stop)', [{ location: 'Clementi MRT exit B', name: 'Ben' }])
 *   // { location: 'Clementi MRT exit B', name: 'Ben' }
 */
export function lookalikeStop(typed: string, stops: readonly StopChoice[]): StopChoice | null {
  const typedKey = placeKey(typed);
  if (typedKey === '') return null;
  if (stops.some((stop) => placeKey(stop.location) === typedKey)) return null;
  return stops.find((stop) => looksLikeSameStop(typed, stop.location)) ?? null;
}

/**
 * The words of the join form's choice for an existing stop.
 *
 * @example stopChoiceLabel({ location: 'Clementi MRT Exit B', name: 'Ben' }) // 'Same stop as Ben: Clementi MRT Exit B'
 */
export function stopChoiceLabel(choice: StopChoice): string {
  return `Same stop as ${choice.name}: ${choice.location}`;
}
