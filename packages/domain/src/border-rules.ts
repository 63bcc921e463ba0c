/**
 * What a rider needs at the Tuas Second Link (docs/border.md). The rules the border agencies set
 * are data entries below, each with its source and the day it was last checked, evaluated by one
 * small function, so updating a rule is one edit with its test. These are reminders, not legal
 * advice: the operator re-checks every entry against its source.
 */
import type { Direction } from './constants';
import { DomainError } from './errors';
import { singaporeDay } from './vendor-approval';

/** What a rider travels on, as they declare it on their travel profile. */
export const DOCUMENT_CATEGORIES = ['sg-citizen', 'sg-resident', 'my-citizen', 'other'] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

/** Labels for the profile's select and the docs. */
export const DOCUMENT_CATEGORY_LABELS: Record<DocumentCategory, string> = {
  'sg-citizen': 'Singapore citizen',
  'sg-resident': 'Singapore PR or long-term pass holder',
  'my-citizen': 'Malaysian citizen',
  other: 'Other passport',
};

/** The items a checklist can hold, in the order it lists them. */
export const CHECKLIST_ITEM_IDS = ['passport', 'mdac', 'sg-arrival-card', 'group-qr'] as const;
export type ChecklistItemId = (typeof CHECKLIST_ITEM_IDS)[number];

/** The country a ride's travellers enter: Malaysia going to Forest City, Singapore coming back. */
export type EntryCountry = 'MY' | 'SG';

export function entryCountryOf(direction: Direction): EntryCountry {
  return direction === 'SG->FC' ? 'MY' : 'SG';
}

/** One authority's rule as a checklist item. */
export interface BorderRule {
  item: ChecklistItemId;
  /** The item as the checklist names it. */
  title: string;
  /** The countries whose entry the rule concerns. */
  entering: readonly EntryCountry[];
  /** The riders it applies to. */
  categories: readonly DocumentCategory[];
  /** Whether a rider is not ready until it is done; an optional item only helps. */
  required: boolean;
  /** Whether the rider ticks it themselves (otherwise it follows from the travel profile). */
  selfDeclared: boolean;
  /** Days before arrival the submission opens (the arrival day counts as day 0); null: any time. */
  opensDaysBefore: number | null;
  /** Passport rule only: whole months the passport must still be valid after the day of entry. */
  validMonthsAfterEntry?: number;
  /** Group QR only: the most travellers one code covers. */
  maxTravellers?: number;
  /** The authority's page. */
  source: string;
  /** When the entry was last reviewed ('YYYY-MM-DD'); the operator re-checks it against the source. */
  lastChecked: string;
}

/** The border rules, one entry an item (docs/border.md#rules). */
export const BORDER_RULES: Record<ChecklistItemId, BorderRule> = {
  passport: {
    item: 'passport',
    title: 'Passport valid 6 months after entering Malaysia',
    entering: ['MY'],
    // Malaysia's own citizens are not held to a visitor's validity rule.
    categories: ['sg-citizen', 'sg-resident', 'other'],
    required: true,
    selfDeclared: false,
    opensDaysBefore: null,
    validMonthsAfterEntry: 6,
    source: 'https://www.imi.gov.my/index.php/perkhidmatan-utama/pas-lawatan/',
    lastChecked: '2026-11-25',
  },
  mdac: {
    item: 'mdac',
    title: 'Malaysia Digital Arrival Card (MDAC)',
    entering: ['MY'],
    categories: ['sg-resident', 'other'],
    required: true,
    selfDeclared: true,
    opensDaysBefore: 3,
    source: 'https://imigresen-online.imi.gov.my/mdac/main',
    lastChecked: '2026-11-25',
  },
  'sg-arrival-card': {
    item: 'sg-arrival-card',
    title: 'SG Arrival Card',
    entering: ['SG'],
    categories: ['my-citizen', 'other'],
    required: true,
    selfDeclared: true,
    opensDaysBefore: 3,
    source: 'https://www.ica.gov.sg/enter-transit-depart/entering-singapore/sg-arrival-card',
    lastChecked: '2026-11-25',
  },
  'group-qr': {
    item: 'group-qr',
    title: 'Group QR code for Singapore clearance (optional)',
    // Singapore's checkpoint clears the car on the way out and on the way in.
    entering: ['MY', 'SG'],
    categories: ['sg-citizen', 'sg-resident', 'my-citizen', 'other'],
    required: false,
    selfDeclared: true,
    opensDaysBefore: null,
    maxTravellers: 10,
    source: 'https://www.ica.gov.sg/enter-transit-depart/entering-singapore/clearance-with-qr-code',
    lastChecked: '2026-11-25',
  },
};

/** What a rider told us on their (private) travel profile. */
export interface TravelProfile {
  documentCategory: DocumentCategory;
  /** The passport's last valid day ('YYYY-MM-DD'), or null when not given. */
  passportExpiresOn: string | null;
}

export const CHECKLIST_STATUSES = ['done', 'todo', 'not-yet-open', 'problem'] as const;
export type ChecklistStatus = (typeof CHECKLIST_STATUSES)[number];

/** One line of a rider's checklist for one ride. */
export interface ChecklistItem {
  id: ChecklistItemId;
  title: string;
  status: ChecklistStatus;
  /** The day a submission window opens ('YYYY-MM-DD', Singapore), for windowed items. */
  opensOn?: string;
  /** Why an item is a problem or still to do, in words the rider reads. */
  reason?: string;
  link: string;
  required: boolean;
  selfDeclared: boolean;
}

/** The ride and the rider's situation a checklist is computed from. */
export interface ChecklistFacts {
  direction: Direction;
  departure: Date;
  profile: TravelProfile;
  /** The self-declared items the rider has ticked for this ride. */
  ticked: ReadonlySet<ChecklistItemId>;
  now: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function shiftDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The same day `months` later, or the month's last day when it has no such day (31 Aug + 6 months
 * is 28 or 29 Feb).
 *
 * @example addMonths('2026-08-31', 6) // '2027-02-28'
 */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}

/** Whole months from `from` to `to` (both 'YYYY-MM-DD'), counting only completed months. */
function wholeMonthsBetween(from: string, to: string): number {
  let months = 0;
  while (addMonths(from, months + 1) <= to) months += 1;
  return months;
}

const dayFormat = new Intl.DateTimeFormat('en-SG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A 'YYYY-MM-DD' day as the checklist writes it: '10 Mar 2027'. */
export function formatChecklistDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** The rules that apply to this rider on a ride in this direction, in checklist order. */
export function applicableRules(direction: Direction, category: DocumentCategory): BorderRule[] {
  const country = entryCountryOf(direction);
  return CHECKLIST_ITEM_IDS.map((id) => BORDER_RULES[id]).filter(
    (rule) => rule.entering.includes(country) && rule.categories.includes(category),
  );
}

/**
 * The day a windowed item opens: `opensDaysBefore` days before the arrival day, in Singapore time
 * (the ride arrives the day it departs). Null for an item without a window.
 *
 * @example windowOpensOn(BORDER_RULES.mdac, new Date('2026-12-18T01:00:00Z')) // '2026-12-15'
 */
export function windowOpensOn(rule: BorderRule, departure: Date): string | null {
  return rule.opensDaysBefore === null ? null : shiftDays(singaporeDay(departure), -rule.opensDaysBefore);
}

/**
 * The passport rule: valid at least `validMonthsAfterEntry` months after the day of entry; a
 * passport expiring exactly on that day passes, a day earlier does not.
 */
function passportItem(
  rule: BorderRule,
  entryDay: string,
  expiresOn: string | null,
): Pick<ChecklistItem, 'status' | 'reason'> {
  if (expiresOn === null) return { status: 'todo', reason: "Add your passport's expiry date on your profile" };
  const months = rule.validMonthsAfterEntry ?? 6;
  const needed = addMonths(entryDay, months);
  if (expiresOn >= needed) return { status: 'done' };
  if (expiresOn < entryDay) {
    return { status: 'problem', reason: `Your passport expires on ${formatChecklistDay(expiresOn)}, before the trip` };
  }
  const after = wholeMonthsBetween(entryDay, expiresOn);
  const afterText = after === 0 ? 'less than a month' : after === 1 ? '1 month' : `${String(after)} months`;
  return {
    status: 'problem',
    reason:
      `Your passport expires on ${formatChecklistDay(expiresOn)}, ${afterText} after the trip; Malaysia asks for ` +
      `at least ${String(months)} months (valid until ${formatChecklistDay(needed)} or later)`,
  };
}

/**
 * A rider's checklist for one ride: the items that apply to their document category in the ride's
 * direction, each with its status. Windows and the passport rule are read in Singapore time, whatever
 * the server's zone.
 *
 * @example borderChecklist({ direction: 'SG->FC', departure, profile: { documentCategory: 'other',
 *   passportExpiresOn: '2027-03-10' }, ticked: new Set(), now })
 *   // [{ id: 'passport', status: 'problem', ... }, { id: 'mdac', status: 'not-yet-open', opensOn, ... }, ...]
 */
export function borderChecklist(facts: ChecklistFacts): ChecklistItem[] {
  const entryDay = singaporeDay(facts.departure);
  const today = singaporeDay(facts.now);
  return applicableRules(facts.direction, facts.profile.documentCategory).map((rule) => {
    const base = {
      id: rule.item,
      title: rule.title,
      link: rule.source,
      required: rule.required,
      selfDeclared: rule.selfDeclared,
    };
    if (!rule.selfDeclared) return { ...base, ...passportItem(rule, entryDay, facts.profile.passportExpiresOn) };
    const opensOn = windowOpensOn(rule, facts.departure);
    const windowed = opensOn === null ? {} : { opensOn };
    if (facts.ticked.has(rule.item)) return { ...base, ...windowed, status: 'done' };
    if (opensOn !== null && today < opensOn) return { ...base, opensOn, status: 'not-yet-open' };
    return { ...base, ...windowed, status: 'todo' };
  });
}

/**
 * Whether a rider is ready for the crossing: they have a travel profile and every required item is
 * done (optional items never hold anyone back).
 */
export function isRiderReady(items: readonly ChecklistItem[] | null): boolean {
  return items !== null && items.every((item) => !item.required || item.status === 'done');
}

/** Whether anything required is left to do (the evening-before reminder's test). */
export function hasOpenItems(items: readonly ChecklistItem[] | null): boolean {
  return !isRiderReady(items);
}

/**
 * Whether the rider may tick (or untick) this item on their checklist: it must apply to them, be
 * self-declared (the passport follows the profile's date), and have its window open to be ticked.
 *
 * @example assertTickable(items, 'mdac', true) // throws CHECKLIST_NOT_OPEN 'You can submit your MDAC from 15 Dec 2026'
 */
export function assertTickable(items: readonly ChecklistItem[] | null, item: ChecklistItemId, done: boolean): void {
  if (items === null) {
    throw new DomainError('CHECKLIST_ITEM_NOT_APPLICABLE', 'Set your travel documents on your profile first');
  }
  const found = items.find((entry) => entry.id === item);
  const name = BORDER_RULES[item].title;
  if (!found) throw new DomainError('CHECKLIST_ITEM_NOT_APPLICABLE', `${name} does not apply to you on this ride`);
  if (!found.selfDeclared) {
    throw new DomainError(
      'CHECKLIST_ITEM_NOT_APPLICABLE',
      `${name} follows the passport expiry date on your profile; it cannot be ticked`,
    );
  }
  if (done && found.status === 'not-yet-open' && found.opensOn !== undefined) {
    throw new DomainError('CHECKLIST_NOT_OPEN', `${name} can be submitted from ${formatChecklistDay(found.opensOn)}`);
  }
}

/** How far ahead a passport's expiry may plausibly lie (passports run ten years at most). */
export const MAX_PASSPORT_YEARS = 10;

/**
 * A passport date must be today or later (an expired passport cannot cross) and at most
 * {@link MAX_PASSPORT_YEARS} years ahead, in Singapore time.
 *
 * @example assertPlausiblePassportExpiry('2020-01-01', now) // throws VALIDATION_FAILED
 */
export function assertPlausiblePassportExpiry(expiresOn: string | null, now: Date): void {
  if (expiresOn === null) return;
  const today = singaporeDay(now);
  if (expiresOn < today) {
    throw new DomainError(
      'VALIDATION_FAILED',
      `Passport expiry ${expiresOn} is in the past; enter a valid passport's date`,
    );
  }
  const [year, rest] = [Number(today.slice(0, 4)), today.slice(4)];
  const latest = `${String(year + MAX_PASSPORT_YEARS)}${rest}`;
  if (expiresOn > latest) {
    throw new DomainError(
      'VALIDATION_FAILED',
      `Passport expiry ${expiresOn} is more than ${String(MAX_PASSPORT_YEARS)} years ahead; check the date`,
    );
  }
}

/** The item ids as their own type guard (for the web's tick boxes). */
export function isChecklistItemId(value: string): value is ChecklistItemId {
  return (CHECKLIST_ITEM_IDS as readonly string[]).includes(value);
}
