import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { sseParser, type SseMessage } from './fanout';

describe('sseParser', () => {
  it('yields complete messages across chunk borders and skips heartbeat comments', () => {
    const messages: SseMessage[] = [];
    const feed = sseParser((message) => messages.push(message));
    feed(': heartbeat\n\nid: 7\nda');
    assert.deepEqual(messages, []);
    feed('ta: {"type":"seats.changed","rideId":3,"version":7}\n');
    assert.deepEqual(messages, []);
    feed('\nid: 8\r\ndata: a\r\ndata: b\r\n\r\n');
    assert.deepEqual(messages, [
      { id: '7', data: '{"type":"seats.changed","rideId":3,"version":7}' },
      { id: '8', data: 'a\nb' },
    ]);
  });
});
