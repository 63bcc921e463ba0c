import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { assertPlausiblePassportExpiry } from './border-rules';
import { checklistTickInput, travelProfileInput } from './schemas';
import { eveningReminder, eveningReminderFrom, windowOpenReminder } from './border-reminders';
import {
  addMonths,
  applicableRules,
  assertTickable,
  BORDER_RULES,
  borderChecklist,
  CHECKLIST_ITEM_IDS,
  isRiderReady,
  type ChecklistItemId,
  type DocumentCategory,
  type TravelProfile,
} from './border-rules';
import type { Direction } from './constants';
import { expectDomainError } from './test-helpers';

// The rules read Singapore time whatever the process's zone: run them in one far from it.
beforeAll(() => {
  vi.stubEnv('TZ', 'America/Los_Angeles');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

// Friday 18 Dec 2026, 9:00 am Singapore time.
const DEPARTURE = new Date('2026-12-18T01:00:00Z');
const NOW = new Date('2026-12-01T02:00:00Z');
const GOOD_PASSPORT = '2030-01-01';

function checklist(
  direction: Direction,
  category: DocumentCategory,
  options: { passport?: string | null; ticked?: ChecklistItemId[]; now?: Date } = {},
) {
  const profile: TravelProfile = {
    documentCategory: category,
    passportExpiresOn: options.passport === undefined ? GOOD_PASSPORT : options.passport,
  };
  return borderChecklist({
    direction,
    departure: DEPARTURE,
    profile,
    ticked: new Set(options.ticked ?? []),
    now: options.now ?? NOW,
  });
}

const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe('BORDER_RULES', () => {
  it('has one entry an item, each with an https source and the day it was last checked', () => {
    expect(Object.keys(BORDER_RULES).sort()).toEqual([...CHECKLIST_ITEM_IDS].sort());
    for (const rule of Object.values(BORDER_RULES)) {
      expect(rule.source).toMatch(/^https:\/\//);
      expect(rule.lastChecked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});

describe('applicableRules: which items each rider gets, by direction and category', () => {
  it.each<[Direction, DocumentCategory, ChecklistItemId[]]>([
    // Into Malaysia: the passport rule for visitors, MDAC for neither Malaysians nor Singaporeans.
    ['SG->FC', 'sg-citizen', ['passport', 'group-qr']],
    ['SG->FC', 'sg-resident', ['passport', 'mdac', 'group-qr']],
    ['SG->FC', 'my-citizen', ['group-qr']],
    ['SG->FC', 'other', ['passport', 'mdac', 'group-qr']],
    // Into Singapore: the arrival card for everyone but citizens, PRs and long-term pass holders.
    ['FC->SG', 'sg-citizen', ['group-qr']],
    ['FC->SG', 'sg-resident', ['group-qr']],
    ['FC->SG', 'my-citizen', ['sg-arrival-card', 'group-qr']],
    ['FC->SG', 'other', ['sg-arrival-card', 'group-qr']],
  ])('%s, %s → %j', (direction, category, expected) => {
    expect(applicableRules(direction, category).map((rule) => rule.item)).toEqual(expected);
    expect(ids(checklist(direction, category))).toEqual(expected);
  });
});

describe('the passport rule: valid 6 months after the day of entry', () => {
  // Entry on 18 Dec 2026 (Singapore) needs a passport valid on 18 Jun 2027.
  it.each<[string, string]>([
    ['2027-06-18', 'done'],
    ['2027-06-19', 'done'],
    ['2027-06-17', 'problem'],
  ])('expiring %s → %s', (passport, status) => {
    const [item] = checklist('SG->FC', 'other', { passport });
    expect(item).toMatchObject({ id: 'passport', status });
  });

  it('says how long after the trip the passport expires', () => {
    const [item] = checklist('SG->FC', 'sg-citizen', { passport: '2027-04-20' });
    expect(item?.reason).toBe(
      'Your passport expires on 20 Apr 2027, 4 months after the trip; Malaysia asks for at least 6 months (valid until 18 Jun 2027 or later)',
    );
  });

  it('is a problem when the passport runs out before the trip, and to do when no date is given', () => {
    expect(checklist('SG->FC', 'other', { passport: '2026-12-10' })[0]).toMatchObject({
      status: 'problem',
      reason: 'Your passport expires on 10 Dec 2026, before the trip',
    });
    expect(checklist('SG->FC', 'other', { passport: null })[0]).toMatchObject({
      status: 'todo',
      reason: "Add your passport's expiry date on your profile",
    });
  });

  it('reads the entry day in Singapore: 11 pm Singapore is still that day, not the next', () => {
    const late = new Date('2026-12-18T15:00:00Z');
    const [item] = borderChecklist({
      direction: 'SG->FC',
      departure: late,
      profile: { documentCategory: 'other', passportExpiresOn: '2027-06-18' },
      ticked: new Set(),
      now: NOW,
    });
    expect(item?.status).toBe('done');
  });

  it('adds months to the end of a shorter month', () => {
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
    expect(addMonths('2026-12-18', 6)).toBe('2027-06-18');
  });
});

describe('arrival cards: open from 3 days before arrival, in Singapore time', () => {
  // Opens 15 Dec 2026 00:00 Singapore = 14 Dec 16:00 UTC.
  it.each<[Direction, DocumentCategory, ChecklistItemId]>([
    ['SG->FC', 'other', 'mdac'],
    ['SG->FC', 'sg-resident', 'mdac'],
    ['FC->SG', 'my-citizen', 'sg-arrival-card'],
    ['FC->SG', 'other', 'sg-arrival-card'],
  ])('%s %s: %s is not yet open a second before midnight, to do at midnight', (direction, category, id) => {
    const before = checklist(direction, category, { now: new Date('2026-12-14T15:59:59Z') }).find((i) => i.id === id);
    const at = checklist(direction, category, { now: new Date('2026-12-14T16:00:00Z') }).find((i) => i.id === id);
    expect(before).toMatchObject({ status: 'not-yet-open', opensOn: '2026-12-15' });
    expect(at).toMatchObject({ status: 'todo', opensOn: '2026-12-15' });
    expect(new Date('2026-12-14T16:00:00Z').getDate()).toBe(14); // the process's own zone is not Singapore
  });

  it('is done once ticked', () => {
    const item = checklist('FC->SG', 'other', { ticked: ['sg-arrival-card'] }).find((i) => i.id === 'sg-arrival-card');
    expect(item?.status).toBe('done');
  });
});

describe('readiness', () => {
  it('needs every required item done; the optional group QR never holds anyone back', () => {
    const open = new Date('2026-12-16T02:00:00Z');
    expect(isRiderReady(checklist('SG->FC', 'sg-citizen'))).toBe(true);
    expect(isRiderReady(checklist('SG->FC', 'other', { now: open }))).toBe(false);
    expect(isRiderReady(checklist('SG->FC', 'other', { now: open, ticked: ['mdac'] }))).toBe(true);
    expect(isRiderReady(checklist('SG->FC', 'other', { now: open, ticked: ['mdac'], passport: '2027-01-01' }))).toBe(
      false,
    );
    expect(isRiderReady(null)).toBe(false);
  });
});

describe('reminders', () => {
  it('reminds when a window has opened and the item is still to do, never after departure', () => {
    const open = new Date('2026-12-15T00:30:00Z');
    expect(
      windowOpenReminder(checklist('SG->FC', 'other', { now: new Date('2026-12-14T15:59:59Z') }), DEPARTURE, open),
    ).toBeNull();
    expect(windowOpenReminder(checklist('SG->FC', 'other', { now: open }), DEPARTURE, open)).toBe('mdac');
    expect(
      windowOpenReminder(checklist('SG->FC', 'other', { now: open, ticked: ['mdac'] }), DEPARTURE, open),
    ).toBeNull();
    expect(windowOpenReminder(checklist('SG->FC', 'sg-citizen', { now: open }), DEPARTURE, open)).toBeNull();
    const after = new Date('2026-12-18T02:00:00Z');
    expect(windowOpenReminder(checklist('SG->FC', 'other', { now: after }), DEPARTURE, after)).toBeNull();
  });

  it('the evening before is 6 pm Singapore time the day before departure', () => {
    expect(eveningReminderFrom(DEPARTURE).toISOString()).toBe('2026-12-17T10:00:00.000Z');
    const items = checklist('FC->SG', 'other', { now: new Date('2026-12-17T10:00:00Z') });
    expect(eveningReminder(items, DEPARTURE, new Date('2026-12-17T09:59:59Z'))).toBeNull();
    expect(eveningReminder(items, DEPARTURE, new Date('2026-12-17T10:00:00Z'))).toBe(1);
    expect(eveningReminder(null, DEPARTURE, new Date('2026-12-17T10:00:00Z'))).toBe(0);
    const done = checklist('FC->SG', 'other', { now: new Date('2026-12-17T10:00:00Z'), ticked: ['sg-arrival-card'] });
    expect(eveningReminder(done, DEPARTURE, new Date('2026-12-17T10:00:00Z'))).toBeNull();
    expect(eveningReminder(items, DEPARTURE, DEPARTURE)).toBeNull();
  });
});

describe('inputs', () => {
  it('names an unknown category or item', () => {
    const profile = travelProfileInput.safeParse({ documentCategory: 'martian' });
    expect(profile.error?.issues[0]?.message).toBe(
      "Unknown document category 'martian': use one of sg-citizen, sg-resident, my-citizen, other",
    );
    const tick = checklistTickInput.safeParse({ rideId: 1, item: 'visa', done: true });
    expect(tick.error?.issues[0]?.message).toBe(
      "Unknown checklist item 'visa': use one of passport, mdac, sg-arrival-card, group-qr",
    );
  });

  it('takes a blank passport date as none and refuses a date that is not one', () => {
    expect(travelProfileInput.parse({ documentCategory: 'other', passportExpiresOn: '' })).toEqual({
      documentCategory: 'other',
      passportExpiresOn: null,
    });
    expect(travelProfileInput.safeParse({ documentCategory: 'other', passportExpiresOn: '2027-02-30' }).success).toBe(
      false,
    );
  });

  it('refuses a passport date before today or more than 10 years ahead (Singapore day)', () => {
    // 1 Dec 2026 10:00 am in Singapore.
    expect(() => assertPlausiblePassportExpiry('2026-12-01', NOW)).not.toThrow();
    expect(() => assertPlausiblePassportExpiry('2036-12-01', NOW)).not.toThrow();
    expectDomainError(
      () => assertPlausiblePassportExpiry('2026-11-30', NOW),
      'VALIDATION_FAILED',
      "Passport expiry 2026-11-30 is in the past; enter a valid passport's date",
    );
    expectDomainError(
      () => assertPlausiblePassportExpiry('2036-12-02', NOW),
      'VALIDATION_FAILED',
      'Passport expiry 2036-12-02 is more than 10 years ahead; check the date',
    );
  });
});

describe('assertTickable', () => {
  const items = checklist('SG->FC', 'other', { now: new Date('2026-12-14T15:59:59Z') });

  it('takes a self-declared item that applies once its window is open; unticking any time', () => {
    expect(() => assertTickable(items, 'group-qr', true)).not.toThrow();
    expect(() => assertTickable(items, 'mdac', false)).not.toThrow();
    expect(() =>
      assertTickable(checklist('SG->FC', 'other', { now: new Date('2026-12-14T16:00:00Z') }), 'mdac', true),
    ).not.toThrow();
  });

  it('refuses an item before its window, one that does not apply, the passport, or no profile', () => {
    expectDomainError(
      () => assertTickable(items, 'mdac', true),
      'CHECKLIST_NOT_OPEN',
      'Malaysia Digital Arrival Card (MDAC) can be submitted from 15 Dec 2026',
    );
    expectDomainError(
      () => assertTickable(items, 'sg-arrival-card', true),
      'CHECKLIST_ITEM_NOT_APPLICABLE',
      'SG Arrival Card does not apply to you on this ride',
    );
    expectDomainError(
      () => assertTickable(items, 'passport', true),
      'CHECKLIST_ITEM_NOT_APPLICABLE',
      'Passport valid 6 months after entering Malaysia follows the passport expiry date on your profile; it cannot be ticked',
    );
    expectDomainError(
      () => assertTickable(null, 'group-qr', true),
      'CHECKLIST_ITEM_NOT_APPLICABLE',
      'Set your travel documents on your profile first',
    );
  });
});
