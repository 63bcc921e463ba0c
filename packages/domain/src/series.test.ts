import { describe, expect, it } from 'vitest';

import { createSeriesInput, editSeriesInput } from './schemas';
import {
  atSingaporeTime,
  describeWeekdays,
  expandSeriesDates,
  MAX_SERIES_RIDES,
  SERIES_MESSAGES,
  weekdayOfDay,
} from './series';

const iso = (dates: Date[]) => dates.map((date) => date.toISOString());

describe('expandSeriesDates', () => {
  it('makes each chosen weekday at the Singapore time, across a month end', () => {
    // Mon 30 Nov and Wed 2 Dec 2026, then the next week; 07:30 in Singapore is 23:30 UTC the day before.
    const result = expandSeriesDates({
      weekdays: [1, 3],
      time: '07:30',
      fromDate: '2026-11-28',
      untilDate: '2026-12-09',
    });
    expect(result).toEqual({
      ok: true,
      dates: [
        new Date('2026-11-29T23:30:00Z'),
        new Date('2026-12-01T23:30:00Z'),
        new Date('2026-12-06T23:30:00Z'),
        new Date('2026-12-08T23:30:00Z'),
      ],
    });
  });

  it('reads weekdays in Singapore: Sunday 7 is a Sunday there even when UTC is still Saturday', () => {
    const result = expandSeriesDates({ weekdays: [7], time: '06:00', fromDate: '2026-12-01', untilDate: '2026-12-14' });
    expect(result.ok && iso(result.dates)).toEqual(['2026-12-05T22:00:00.000Z', '2026-12-12T22:00:00.000Z']);
  });

  it('keeps the same UTC hour all year (Singapore has no daylight saving) and crosses a year end', () => {
    const result = expandSeriesDates({ weekdays: [5], time: '18:15', fromDate: '2026-12-20', untilDate: '2027-03-13' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.dates).toHaveLength(12);
    expect(new Set(result.dates.map((date) => date.toISOString().slice(11)))).toEqual(new Set(['10:15:00.000Z']));
    expect(result.dates[1]?.toISOString()).toBe('2027-01-01T10:15:00.000Z');
  });

  it('includes both ends of the range', () => {
    const result = expandSeriesDates({ weekdays: [1], time: '09:00', fromDate: '2026-11-30', untilDate: '2026-12-07' });
    expect(result.ok && result.dates).toHaveLength(2);
  });

  it('allows exactly 12 weeks and refuses a day more', () => {
    const ok = expandSeriesDates({ weekdays: [2], time: '09:00', fromDate: '2026-12-01', untilDate: '2027-02-22' });
    expect(ok.ok && ok.dates).toHaveLength(12);
    const over = expandSeriesDates({ weekdays: [2], time: '09:00', fromDate: '2026-12-01', untilDate: '2027-02-23' });
    expect(over).toEqual({ ok: false, field: 'untilDate', message: SERIES_MESSAGES.tooLong });
  });

  it(`allows ${MAX_SERIES_RIDES} rides and refuses more, naming the count`, () => {
    const ok = expandSeriesDates({ weekdays: [1, 4], time: '09:00', fromDate: '2026-11-30', untilDate: '2027-02-21' });
    expect(ok.ok && ok.dates).toHaveLength(24);
    const over = expandSeriesDates({
      weekdays: [1, 4, 6],
      time: '09:00',
      fromDate: '2026-11-30',
      untilDate: '2027-02-21',
    });
    expect(over).toEqual({ ok: false, field: 'weekdays', message: SERIES_MESSAGES.tooMany(36) });
  });

  it('refuses a range with no chosen weekday in it, and an until date before the start', () => {
    expect(
      expandSeriesDates({ weekdays: [6], time: '09:00', fromDate: '2026-11-30', untilDate: '2026-12-04' }),
    ).toEqual({
      ok: false,
      field: 'weekdays',
      message: SERIES_MESSAGES.noDates,
    });
    expect(
      expandSeriesDates({ weekdays: [1], time: '09:00', fromDate: '2026-12-04', untilDate: '2026-11-30' }),
    ).toEqual({
      ok: false,
      field: 'untilDate',
      message: SERIES_MESSAGES.untilBeforeFrom,
    });
  });

  it('with a clock, refuses a first ride that is not ahead', () => {
    const plan = { weekdays: [1], time: '07:30', fromDate: '2026-11-30', untilDate: '2026-12-07' };
    expect(expandSeriesDates(plan, new Date('2026-11-29T23:00:00Z')).ok).toBe(true);
    const late = expandSeriesDates(plan, new Date('2026-11-29T23:30:00Z'));
    expect(late).toEqual({
      ok: false,
      field: 'fromDate',
      message: 'The first ride (Mon, 30 Nov 2026, 7:30 am) must be in the future',
    });
  });

  it('gives no dates for unreadable input', () => {
    expect(expandSeriesDates({ weekdays: [1], time: '7:30', fromDate: '2026-11-30', untilDate: '2026-12-07' }).ok).toBe(
      false,
    );
    expect(
      expandSeriesDates({ weekdays: [1], time: '07:30', fromDate: '2026-02-30', untilDate: '2026-12-07' }).ok,
    ).toBe(false);
  });
});

describe('atSingaporeTime', () => {
  it('moves a departure to another time on its own Singapore day', () => {
    expect(atSingaporeTime(new Date('2026-11-29T23:30:00Z'), '18:00')?.toISOString()).toBe('2026-11-30T10:00:00.000Z');
    expect(atSingaporeTime(new Date('2026-11-29T23:30:00Z'), 'soon')).toBeNull();
  });
});

describe('series inputs', () => {
  const ride = {
    direction: 'SG->FC',
    maxPassengers: 4,
    pickupLocation: 'Jurong East',
    dropoffLocations: ['Forest City'],
  };

  it('takes the create-ride fields with weekdays, a time and two dates', () => {
    const parsed = createSeriesInput.parse({
      ...ride,
      weekdays: [1, 3],
      time: '07:30',
      fromDate: '2026-11-30',
      untilDate: '2026-12-31',
    });
    expect(parsed).toMatchObject({
      weekdays: [1, 3],
      organizerPassengerCount: 1,
      dropoffLocations: [{ location: 'Forest City', passengerCount: 1 }],
    });
  });

  it.each([
    [{ weekdays: [] }, 'Choose at least one weekday'],
    [{ weekdays: [0] }, 'Weekdays must be a list of days from 1 (Monday) to 7 (Sunday)'],
    [{ weekdays: [1, 1] }, 'Each weekday may be chosen once'],
    [{ time: '25:00' }, 'Time must be HH:mm, 24-hour Singapore time'],
    [{ fromDate: '2026-13-01' }, 'Start date must be a date written YYYY-MM-DD'],
    [{ untilDate: '2027-06-01' }, SERIES_MESSAGES.tooLong],
    [{ weekdays: [6], untilDate: '2026-12-04' }, SERIES_MESSAGES.noDates],
    [{ weekdays: [1, 2, 3], untilDate: '2027-01-31' }, SERIES_MESSAGES.tooMany(27)],
  ])('refuses %j naming why', (change, message) => {
    const result = createSeriesInput.safeParse({
      ...ride,
      weekdays: [1],
      time: '07:30',
      fromDate: '2026-11-30',
      untilDate: '2026-12-31',
      ...change,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });

  it('an edit needs at least one field and leaves the organiser group alone when not given', () => {
    expect(editSeriesInput.safeParse({ id: 1, fromRideId: 2 }).success).toBe(false);
    expect(editSeriesInput.parse({ id: 1, fromRideId: 2, time: '08:00' })).toEqual({
      id: 1,
      fromRideId: 2,
      time: '08:00',
    });
  });
});

describe('weekdayOfDay', () => {
  it('names the weekday of a calendar day, across a month end and a leap day', () => {
    expect(weekdayOfDay('2027-01-31')).toBe(7);
    expect(weekdayOfDay('2027-02-01')).toBe(1);
    expect(weekdayOfDay('2028-02-29')).toBe(2);
    expect(weekdayOfDay('2028-03-01')).toBe(3);
    expect(weekdayOfDay('2099-03-14')).toBe(6);
  });

  it('answers null for text that is not a calendar day', () => {
    for (const text of ['', '2027-02-30', '2027-2-1', 'tomorrow', '2027-02-01T00:00']) {
      expect(weekdayOfDay(text)).toBeNull();
    }
  });
});

describe('describeWeekdays', () => {
  it('lists the chosen weekdays Monday first, in words', () => {
    expect(describeWeekdays([])).toBe('no weekday');
    expect(describeWeekdays([6])).toBe('Saturdays');
    expect(describeWeekdays([5, 1])).toBe('Mondays and Fridays');
    expect(describeWeekdays([7, 3, 1])).toBe('Mondays, Wednesdays and Sundays');
    expect(describeWeekdays([1, 9])).toBe('Mondays');
  });
});
