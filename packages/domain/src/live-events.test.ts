import { describe, expect, it } from 'vitest';

import { isRideEventType, LAST_EVENT_ID_MESSAGE, liveEventId } from './live-events';
import { liveEventsInput } from './schemas';

describe('liveEventsInput', () => {
  it.each([
    [undefined, null],
    [null, null],
    [{}, null],
    [{ lastEventId: null }, null],
    [{ lastEventId: '' }, null],
    [{ lastEventId: '  ' }, null],
    [{ lastEventId: '0' }, '0'],
    [{ lastEventId: '42' }, '42'],
    [{ lastEventId: ' 7 ' }, '7'],
    [{ lastEventId: '007' }, '7'],
    [{ lastEventId: 'u12' }, 'u12'],
  ])('%j → lastEventId %j', (input, expected) => {
    expect(liveEventsInput.parse(input)).toEqual({ lastEventId: expected });
  });

  it.each([
    [{ lastEventId: 'abc' }],
    [{ lastEventId: '-1' }],
    [{ lastEventId: '1.5' }],
    [{ lastEventId: 'u' }],
    [{ lastEventId: 'x12' }],
    [{ lastEventId: 'u-1' }],
    [{ lastEventId: 12 }],
    [{ lastEventId: '1234567890123456' }],
  ])('refuses %j naming the field', (input) => {
    const result = liveEventsInput.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['lastEventId'], message: LAST_EVENT_ID_MESSAGE });
  });
});

describe('isRideEventType', () => {
  it('knows ride events from inbox and resync events', () => {
    expect(isRideEventType('seats.changed')).toBe(true);
    expect(isRideEventType('notifications.changed')).toBe(false);
    expect(isRideEventType('resync')).toBe(false);
  });
});

describe('liveEventId', () => {
  it('numbers ride events plainly and inbox events after a u', () => {
    expect(liveEventId({ type: 'seats.changed', version: 42 })).toBe('42');
    expect(liveEventId({ type: 'resync', version: 42 })).toBe('42');
    expect(liveEventId({ type: 'notifications.changed', version: 7 })).toBe('u7');
  });
});
