import { describe, expect, it } from 'vitest';

import { isDomainError } from './errors';
import { notificationSentence } from './notification-text';
import { notificationPath } from './notifications';
import {
  assertCanShare,
  assertCanUndoStage,
  assertInTripWindow,
  assertNoShowOpen,
  assertRideTakesRiders,
  assertStageForward,
  assertStageOnTime,
  assertTripCrew,
  isDepartedStage,
  stageOpensAt,
  isInTripWindow,
  isLateMinutes,
  isPushedStage,
  nextStage,
  shareExpiresAt,
  stageLabel,
  stageShortLabel,
  TRIP_STAGES,
  tripCheckpoints,
  tripProgressText,
  tripStageList,
  type TripStage,
} from './trip';

const DEPARTURE = new Date('2026-12-01T02:00:00.000Z');
const HOUR = 3_600_000;
const MINUTE = 60_000;
const after = (ms: number) => new Date(DEPARTURE.getTime() + ms);

function refusal(run: () => void): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (isDomainError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('stage labels', () => {
  it('SG->FC over the Second Link leaves through Tuas and enters through Sultan Abu Bakar CIQ', () => {
    expect(tripStageList('SG->FC', 'second-link').map((s) => s.label)).toEqual([
      'At the pick-up',
      'Departed',
      'At Tuas Checkpoint',
      'Cleared Tuas Checkpoint',
      'At Sultan Abu Bakar CIQ',
      'Cleared Sultan Abu Bakar CIQ',
      'Arrived',
    ]);
  });

  it('FC->SG runs the reverse; the Causeway names Bangunan Sultan Iskandar and Woodlands', () => {
    expect(tripCheckpoints('FC->SG', 'second-link').exit.name).toBe('Sultan Abu Bakar CIQ');
    expect(stageLabel('cleared-entry-checkpoint', 'FC->SG', 'second-link')).toBe('Cleared Tuas Checkpoint');
    expect(stageLabel('at-exit-checkpoint', 'SG->FC', 'causeway')).toBe('At Woodlands Checkpoint');
    expect(stageLabel('at-exit-checkpoint', 'FC->SG', 'causeway')).toBe('At Bangunan Sultan Iskandar');
    expect(stageShortLabel('cleared-exit-checkpoint', 'SG->FC', 'second-link')).toBe('cleared Tuas');
    expect(stageShortLabel('at-pickup', 'SG->FC', 'second-link')).toBe('at pick-up');
  });
});

describe('order', () => {
  it('goes forward, skipping allowed; an earlier or equal stage is refused', () => {
    const label = (stage: (typeof TRIP_STAGES)[number]) => stageLabel(stage, 'SG->FC', 'second-link');
    expect(() => assertStageForward(null, 'departed', label)).not.toThrow();
    expect(() => assertStageForward('at-pickup', 'cleared-entry-checkpoint', label)).not.toThrow();
    expect(refusal(() => assertStageForward('departed', 'departed', label))).toEqual({
      code: 'TRIP_STAGE_NOT_FORWARD',
      message: 'The trip is already at "Departed": stages only go forward',
    });
    expect(refusal(() => assertStageForward('departed', 'at-pickup', label)).code).toBe('TRIP_STAGE_NOT_FORWARD');
    expect(nextStage(null)).toBe('at-pickup');
    expect(nextStage('cleared-entry-checkpoint')).toBe('arrived');
    expect(nextStage('arrived')).toBeNull();
  });

  it('pushes departed, the cleared checkpoints and arrived only', () => {
    expect(TRIP_STAGES.filter(isPushedStage)).toEqual([
      'departed',
      'cleared-exit-checkpoint',
      'cleared-entry-checkpoint',
      'arrived',
    ]);
  });

  it('lets the organizer and vendor post, not a rider', () => {
    expect(assertTripCrew('vendor')).toBe('vendor');
    expect(refusal(() => assertTripCrew('passenger')).code).toBe('NOT_TRIP_CREW');
  });
});

describe('the trip window', () => {
  it('runs from the hours before departure to 24 hours after, both ends included', () => {
    expect(isInTripWindow(DEPARTURE, 3, after(-3 * HOUR))).toBe(true);
    expect(isInTripWindow(DEPARTURE, 3, after(-3 * HOUR - 1))).toBe(false);
    expect(isInTripWindow(DEPARTURE, 3, after(24 * HOUR))).toBe(true);
    expect(isInTripWindow(DEPARTURE, 3, after(24 * HOUR + 1))).toBe(false);
    expect(isInTripWindow(DEPARTURE, 0, after(-1))).toBe(false);
  });

  it('is named in its refusal, in Singapore time', () => {
    expect(refusal(() => assertInTripWindow(DEPARTURE, 3, after(-4 * HOUR)))).toEqual({
      code: 'OUTSIDE_TRIP_WINDOW',
      message:
        'The trip can be updated from 3 hours before departure to 24 hours after it: Tue, 1 Dec 2026, 7:00 am to Wed, 2 Dec 2026, 10:00 am',
    });
  });
});

describe('undo', () => {
  const last = { postedBy: 4, postedAt: DEPARTURE };
  it('is for the poster within 10 minutes', () => {
    expect(() => assertCanUndoStage(last, 4, after(10 * MINUTE))).not.toThrow();
    expect(refusal(() => assertCanUndoStage(last, 4, after(10 * MINUTE + 1))).code).toBe('UNDO_NOT_ALLOWED');
    expect(refusal(() => assertCanUndoStage(last, 5, after(MINUTE))).code).toBe('NOT_TRIP_CREW');
    expect(refusal(() => assertCanUndoStage(null, 4, DEPARTURE)).code).toBe('UNDO_NOT_ALLOWED');
  });
});

describe('late and no-shows', () => {
  it('takes 5, 10, 15 or 30 minutes', () => {
    expect([5, 10, 15, 30, 7, 0, '10', 60].map(isLateMinutes)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  it('marks no-shows after departed until 24 hours after departure', () => {
    expect(refusal(() => assertNoShowOpen(null, DEPARTURE, DEPARTURE)).code).toBe('RIDE_NOT_DEPARTED');
    expect(refusal(() => assertNoShowOpen('at-pickup', DEPARTURE, DEPARTURE)).code).toBe('RIDE_NOT_DEPARTED');
    expect(() => assertNoShowOpen('departed', DEPARTURE, after(24 * HOUR))).not.toThrow();
    expect(() => assertNoShowOpen('at-exit-checkpoint', DEPARTURE, DEPARTURE)).not.toThrow();
    expect(refusal(() => assertNoShowOpen('departed', DEPARTURE, after(24 * HOUR + 1))).code).toBe(
      'OUTSIDE_TRIP_WINDOW',
    );
  });

  it('marks no-shows only from the departure time, however early the car departed', () => {
    expect(refusal(() => assertNoShowOpen('at-exit-checkpoint', DEPARTURE, after(-1)))).toEqual({
      code: 'TRIP_TOO_EARLY',
      message: 'No-shows can be marked from the departure time: Tue, 1 Dec 2026, 10:00 am',
    });
    expect(refusal(() => assertNoShowOpen(null, DEPARTURE, after(-HOUR))).code).toBe('TRIP_TOO_EARLY');
  });
});

describe('stages follow the clock', () => {
  const label = (stage: TripStage) => stageLabel(stage, 'SG->FC', 'second-link');

  it('takes the pick-up any time in the window, departed and later from 30 minutes before departure', () => {
    expect(() => assertStageOnTime('at-pickup', DEPARTURE, 30, after(-3 * HOUR))).not.toThrow();
    for (const stage of ['departed', 'at-exit-checkpoint', 'cleared-entry-checkpoint'] as const) {
      expect(() => assertStageOnTime(stage, DEPARTURE, 30, after(-30 * MINUTE))).not.toThrow();
      expect(refusal(() => assertStageOnTime(stage, DEPARTURE, 30, after(-30 * MINUTE - 1))).code).toBe(
        'TRIP_TOO_EARLY',
      );
    }
    expect(refusal(() => assertStageOnTime('departed', DEPARTURE, 30, after(-2 * HOUR), label))).toEqual({
      code: 'TRIP_TOO_EARLY',
      message: '"Departed" can be posted from 30 minutes before departure: Tue, 1 Dec 2026, 9:30 am',
    });
    expect(() => assertStageOnTime('departed', DEPARTURE, 0, DEPARTURE)).not.toThrow();
    expect(refusal(() => assertStageOnTime('departed', DEPARTURE, 0, after(-1))).code).toBe('TRIP_TOO_EARLY');
  });

  it('takes arrived from the departure time only', () => {
    expect(refusal(() => assertStageOnTime('arrived', DEPARTURE, 30, after(-MINUTE), label))).toEqual({
      code: 'TRIP_TOO_EARLY',
      message: '"Arrived" can be posted from the departure time: Tue, 1 Dec 2026, 10:00 am',
    });
    expect(() => assertStageOnTime('arrived', DEPARTURE, 30, DEPARTURE)).not.toThrow();
  });

  it('says from when each stage may be posted', () => {
    expect(stageOpensAt('at-pickup', DEPARTURE, 30)).toBeNull();
    expect(stageOpensAt('departed', DEPARTURE, 30)?.toISOString()).toBe('2026-12-01T01:30:00.000Z');
    expect(stageOpensAt('cleared-exit-checkpoint', DEPARTURE, 45)?.toISOString()).toBe('2026-12-01T01:15:00.000Z');
    expect(stageOpensAt('arrived', DEPARTURE, 30)?.toISOString()).toBe(DEPARTURE.toISOString());
  });

  it('says when the car has departed', () => {
    expect(isDepartedStage(null)).toBe(false);
    expect(isDepartedStage('at-pickup')).toBe(false);
    expect(isDepartedStage('departed')).toBe(true);
    expect(isDepartedStage('arrived')).toBe(true);
  });
});

describe('closed rides', () => {
  it('take nobody once completed or departed', () => {
    expect(() => assertRideTakesRiders({ status: 'open' }, null)).not.toThrow();
    expect(() => assertRideTakesRiders({ status: 'assigned' }, 'at-pickup')).not.toThrow();
    expect(refusal(() => assertRideTakesRiders({ status: 'assigned' }, 'departed'))).toEqual({
      code: 'RIDE_CLOSED',
      message: 'This ride has departed: it takes nobody new',
    });
    expect(refusal(() => assertRideTakesRiders({ status: 'completed' }, null))).toEqual({
      code: 'RIDE_CLOSED',
      message: 'This ride is completed: it takes nobody new',
    });
  });
});

describe('share links', () => {
  it('lapse 24 hours after departure or 6 hours after arrived, whichever is first', () => {
    expect(shareExpiresAt(DEPARTURE, null)).toEqual(after(24 * HOUR));
    expect(shareExpiresAt(DEPARTURE, after(2 * HOUR))).toEqual(after(8 * HOUR));
    expect(shareExpiresAt(DEPARTURE, after(20 * HOUR))).toEqual(after(24 * HOUR));
  });

  it('are capped at 5 live per member and ride, and not made once lapsed', () => {
    expect(() => assertCanShare(4, after(HOUR), DEPARTURE)).not.toThrow();
    expect(refusal(() => assertCanShare(5, after(HOUR), DEPARTURE)).code).toBe('SHARE_LIMIT_REACHED');
    expect(refusal(() => assertCanShare(0, DEPARTURE, DEPARTURE)).code).toBe('OUTSIDE_TRIP_WINDOW');
  });
});

describe('the rides list', () => {
  it('says how far a ride in progress got, in Singapore time; nothing before a stage or once arrived', () => {
    const at = '2026-12-01T02:42:00.000Z';
    expect(tripProgressText({ stage: 'cleared-exit-checkpoint', at }, 'SG->FC', 'second-link')).toBe(
      'On the way · cleared Tuas 10:42',
    );
    expect(tripProgressText(null, 'SG->FC', 'second-link')).toBeNull();
    expect(tripProgressText({ stage: 'arrived', at }, 'SG->FC', 'second-link')).toBeNull();
  });
});

describe('notices', () => {
  it('open the ride page at its Trip card', () => {
    expect(notificationPath({ kind: 'trip_stage', rideId: 7 })).toBe('/rides/7#trip');
    expect(notificationPath({ kind: 'trip_no_show', rideId: 7 })).toBe('/rides/7#trip');
  });

  const ride = { rideDirection: 'SG->FC' as const, rideDate: DEPARTURE.toISOString() };
  it('read the stage, the late rider and the no-show', () => {
    expect(notificationSentence({ ...ride, kind: 'trip_stage', detail: 'Cleared Tuas Checkpoint' })).toBe(
      'Your ride SG → FC on Tue, 1 Dec 2026, 10:00 am: Cleared Tuas Checkpoint',
    );
    expect(notificationSentence({ ...ride, kind: 'trip_late', detail: 'Ann · 10' })).toBe(
      'Ann is running 10 minutes late for the ride SG → FC on Tue, 1 Dec 2026, 10:00 am',
    );
    expect(notificationSentence({ ...ride, kind: 'trip_no_show', detail: null })).toBe(
      'You were marked as not showing up for the ride SG → FC on Tue, 1 Dec 2026, 10:00 am: if that is wrong, say so in the ride chat',
    );
    expect(notificationSentence({ ...ride, kind: 'trip_no_show', detail: 'Ann' })).toBe(
      'Ann was marked as not showing up for the ride SG → FC on Tue, 1 Dec 2026, 10:00 am',
    );
  });
});
