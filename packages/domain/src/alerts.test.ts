import { describe, expect, it } from 'vitest';

import {
  addDays,
  ALERT_MESSAGES,
  alertMatchesRide,
  assertAlertWindow,
  assertCanAddAlert,
  daysBetween,
  describeAlertWindow,
  formatClockTime,
  isAlertLive,
  MAX_LIVE_ALERTS,
  parseClockTime,
  singaporeMinuteOf,
  singaporeWeekdayOf,
  type AlertCandidateRide,
} from './alerts';
import { singaporeDay } from './vendor-approval';
import { alertCreateInput } from './schemas/alerts';

// 10:00 am Friday 27 Nov 2026 in Singapore.
const NOW = new Date('2026-11-27T02:00:00Z');

function refusal(run: () => void): { code: string; message: string } | null {
  try {
    run();
    return null;
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { code, message };
  }
}

describe('Singapore calendar', () => {
  it('reads the date, weekday and minute in Singapore, not UTC', () => {
    // 23:30 UTC on Sunday 29 Nov is 7:30 am Monday 30 Nov in Singapore.
    const instant = new Date('2026-11-29T23:30:00Z');
    expect(singaporeDay(instant)).toBe('2026-11-30');
    expect(singaporeWeekdayOf(instant)).toBe(1);
    expect(singaporeMinuteOf(instant)).toBe(450);
  });

  it('moves to the next month at Singapore midnight, eight hours before UTC does', () => {
    expect(singaporeDay(new Date('2026-11-30T15:59:00Z'))).toBe('2026-11-30');
    expect(singaporeDay(new Date('2026-11-30T16:00:00Z'))).toBe('2026-12-01');
    expect(singaporeWeekdayOf(new Date('2026-12-06T16:00:00Z'))).toBe(1);
    expect(singaporeWeekdayOf(new Date('2026-12-06T15:59:00Z'))).toBe(7);
  });

  it('counts days across a month end and a year end', () => {
    expect(daysBetween('2026-11-25', '2026-12-02')).toBe(7);
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(daysBetween('2027-02-28', '2027-03-01')).toBe(1);
    expect(daysBetween('2026-12-02', '2026-11-25')).toBe(-7);
    expect(addDays('2026-11-25', 7)).toBe('2026-12-02');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('reads and writes 24-hour clock times', () => {
    expect(parseClockTime('07:30')).toBe(450);
    expect(parseClockTime('23:59')).toBe(1439);
    expect(parseClockTime('24:00')).toBeNull();
    expect(parseClockTime('7:30')).toBeNull();
    expect(formatClockTime(450)).toBe('07:30');
  });
});

describe('the window', () => {
  it('takes a window from today (in Singapore) of up to 90 days, both ends included', () => {
    expect(refusal(() => assertAlertWindow({ fromDate: '2026-11-27', toDate: '2027-02-24' }, NOW))).toBeNull();
    expect(refusal(() => assertAlertWindow({ fromDate: '2026-11-27', toDate: '2027-02-25' }, NOW))).toEqual({
      code: 'VALIDATION_FAILED',
      message: ALERT_MESSAGES.tooLong,
    });
  });

  it('refuses a window that starts before today in Singapore, even when it is still that day in UTC', () => {
    // 00:30 on 28 Nov in Singapore is still 27 Nov in UTC.
    const justAfterMidnight = new Date('2026-11-27T16:30:00Z');
    expect(
      refusal(() => assertAlertWindow({ fromDate: '2026-11-27', toDate: '2026-12-03' }, justAfterMidnight)),
    ).toEqual({ code: 'VALIDATION_FAILED', message: ALERT_MESSAGES.inThePast });
    expect(
      refusal(() => assertAlertWindow({ fromDate: '2026-11-28', toDate: '2026-12-03' }, justAfterMidnight)),
    ).toBeNull();
  });

  it('refuses an end before the start and a start more than a year ahead', () => {
    expect(refusal(() => assertAlertWindow({ fromDate: '2026-12-02', toDate: '2026-12-01' }, NOW))?.message).toBe(
      ALERT_MESSAGES.endBeforeStart,
    );
    expect(refusal(() => assertAlertWindow({ fromDate: '2027-11-28', toDate: '2027-11-29' }, NOW))?.message).toBe(
      ALERT_MESSAGES.tooFarAhead,
    );
  });

  it('is live until the end of its last day in Singapore', () => {
    expect(isAlertLive({ toDate: '2026-11-30' }, new Date('2026-11-30T15:59:00Z'))).toBe(true);
    expect(isAlertLive({ toDate: '2026-11-30' }, new Date('2026-11-30T16:00:00Z'))).toBe(false);
  });

  it('allows ten live alerts and refuses the eleventh with a conflict', () => {
    expect(refusal(() => assertCanAddAlert(MAX_LIVE_ALERTS - 1))).toBeNull();
    expect(refusal(() => assertCanAddAlert(MAX_LIVE_ALERTS))).toEqual({
      code: 'ALERT_LIMIT_REACHED',
      message: ALERT_MESSAGES.limit,
    });
  });
});

describe('matching', () => {
  const alert = {
    userId: 2,
    direction: 'SG->FC' as const,
    fromDate: '2026-11-28',
    toDate: '2026-12-05',
    weekdays: null,
    earliestMinute: null,
    latestMinute: null,
  };
  const ride: AlertCandidateRide = {
    direction: 'SG->FC',
    // 8:00 am Tuesday 1 Dec in Singapore: 00:00 UTC.
    date: new Date('2026-12-01T00:00:00Z'),
    status: 'open',
    creatorId: 1,
    maxPassengers: 4,
    currentPassengers: 1,
  };

  it('matches a ride of the same direction on a day of the window, across the month end', () => {
    expect(alertMatchesRide(alert, ride)).toBe(true);
    expect(alertMatchesRide({ ...alert, direction: 'FC->SG' }, ride)).toBe(false);
  });

  it('takes the window days in Singapore: 11 pm UTC on the last day is already the day after', () => {
    const lastEvening = { ...ride, date: new Date('2026-12-05T15:30:00Z') }; // 11:30 pm Sat 5 Dec
    const nextMorning = { ...ride, date: new Date('2026-12-05T16:30:00Z') }; // 0:30 am Sun 6 Dec
    expect(alertMatchesRide(alert, lastEvening)).toBe(true);
    expect(alertMatchesRide(alert, nextMorning)).toBe(false);
    const firstMorning = { ...ride, date: new Date('2026-11-27T16:00:00Z') }; // 0:00 Sat 28 Nov
    expect(alertMatchesRide(alert, firstMorning)).toBe(true);
    expect(alertMatchesRide(alert, { ...ride, date: new Date('2026-11-27T15:59:00Z') })).toBe(false);
  });

  it('keeps to the weekdays and the times of day, both ends included', () => {
    expect(alertMatchesRide({ ...alert, weekdays: [2] }, ride)).toBe(true);
    expect(alertMatchesRide({ ...alert, weekdays: [1, 3] }, ride)).toBe(false);
    expect(alertMatchesRide({ ...alert, earliestMinute: 480, latestMinute: 480 }, ride)).toBe(true);
    expect(alertMatchesRide({ ...alert, earliestMinute: 481 }, ride)).toBe(false);
    expect(alertMatchesRide({ ...alert, latestMinute: 479 }, ride)).toBe(false);
  });

  it('never matches the organiser, a full ride, or a ride that is cancelled or completed', () => {
    expect(alertMatchesRide({ ...alert, userId: 1 }, ride)).toBe(false);
    expect(alertMatchesRide(alert, { ...ride, currentPassengers: 4 })).toBe(false);
    expect(alertMatchesRide(alert, { ...ride, status: 'cancelled' })).toBe(false);
    expect(alertMatchesRide(alert, { ...ride, status: 'completed' })).toBe(false);
    expect(alertMatchesRide(alert, { ...ride, status: 'assigned' })).toBe(true);
  });
});

describe('the input', () => {
  const valid = { direction: 'SG->FC', fromDate: '2026-11-28', toDate: '2026-12-05' };

  it('reads times as minutes and weekdays as a sorted set; all seven days mean any day', () => {
    expect(
      alertCreateInput.parse({ ...valid, weekdays: [3, 1, 3], earliestTime: '07:00', latestTime: '09:30' }),
    ).toEqual({ ...valid, weekdays: [1, 3], earliestTime: 420, latestTime: 570 });
    expect(alertCreateInput.parse({ ...valid, weekdays: [1, 2, 3, 4, 5, 6, 7], earliestTime: '' })).toMatchObject({
      weekdays: null,
      earliestTime: null,
      latestTime: null,
    });
  });

  it('names what is wrong', () => {
    const messages = (input: unknown) =>
      alertCreateInput.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({ ...valid, direction: 'north' })).toEqual(['Direction must be SG->FC or FC->SG']);
    expect(messages({ ...valid, fromDate: '2026-02-30' })).toEqual(['From date must be a date (YYYY-MM-DD)']);
    expect(messages({ ...valid, weekdays: [0] })).toEqual([
      'Weekdays must be a list of day numbers from 1 (Monday) to 7 (Sunday)',
    ]);
    expect(messages({ ...valid, weekdays: [] })).toEqual([
      'Pick at least one weekday, or leave weekdays out for any day',
    ]);
    expect(messages({ ...valid, earliestTime: '7am' })).toEqual([
      'Earliest time must be a time of day (HH:MM, 24-hour)',
    ]);
    expect(messages({ ...valid, earliestTime: '10:00', latestTime: '09:00' })).toEqual([
      'The earliest time must not be after the latest time',
    ]);
  });
});

describe('describeAlertWindow', () => {
  it('says the dates, the weekdays and the times', () => {
    const base = {
      fromDate: '2026-11-28',
      toDate: '2026-12-05',
      weekdays: null,
      earliestMinute: null,
      latestMinute: null,
    };
    expect(describeAlertWindow(base)).toBe('28 Nov 2026 – 5 Dec 2026');
    expect(describeAlertWindow({ ...base, weekdays: [1, 3], earliestMinute: 420, latestMinute: 780 })).toBe(
      '28 Nov 2026 – 5 Dec 2026 · Mon, Wed · 7:00 am – 1:00 pm',
    );
    expect(describeAlertWindow({ ...base, latestMinute: 0 })).toBe('28 Nov 2026 – 5 Dec 2026 · until 12:00 am');
  });
});
