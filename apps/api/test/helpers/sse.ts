/**
 * A small Server-Sent Events reader for tests: opens a stream, then hands out its messages one at a
 * time, failing (not hanging) when none comes within a bounded wait.
 *
 * Requests go through `httpFetch`: node:http with a connection of their own. The global fetch
 * (undici) may open a spare connection while several requests start at once and never send a
 * request on it; Node's server.close() then waits for that silent connection forever, which would
 * hang the shutdown tests for a reason that is the test client's, not the server's.
 */
import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';

/** A GET through node:http on its own connection, answered as a fetch Response (streamed body). */
export function httpFetch(
  input: string | URL,
  init: { headers?: Record<string, string>; signal?: AbortSignal | null } = {},
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(input, { method: 'GET', headers: init.headers, agent: false }, (res) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const body = Readable.toWeb(res) as ReadableStream<Uint8Array>;
      resolve(new Response(body, { status: res.statusCode ?? 0, headers }));
    });
    req.on('error', reject);
    init.signal?.addEventListener('abort', () => req.destroy(), { once: true });
    req.end();
  });
}
export interface SseMessage {
  id: string | null;
  event: string | null;
  data: string | null;
  /** A comment line (`: keep-alive`). */
  comment: string | null;
  retry: number | null;
}

export interface LiveEventJson {
  type: string;
  rideId: number | null;
  version: number;
}

function parseBlock(block: string): SseMessage {
  const message: SseMessage = { id: null, event: null, data: null, comment: null, retry: null };
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) {
      message.comment = line.slice(1).trim();
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') message.id = value;
    else if (field === 'event') message.event = value;
    else if (field === 'data') message.data = message.data === null ? value : `${message.data}\n${value}`;
    else if (field === 'retry') message.retry = Number(value);
  }
  return message;
}

export class SseStream {
  private buffer = '';
  private readonly decoder = new TextDecoder();
  private readonly controller: AbortController;
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly response: Response;

  private constructor(response: Response, controller: AbortController) {
    this.response = response;
    this.controller = controller;
    if (!response.body) throw new Error('no body');
    this.reader = response.body.getReader();
  }

  /** GET `url` as an event stream; throws unless the answer is 200 text/event-stream. */
  static async open(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
    const controller = new AbortController();
    const response = await httpFetch(url, {
      headers: { accept: 'text/event-stream', ...headers },
      signal: controller.signal,
    });
    if (response.status !== 200 || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
      const body = await response.text();
      throw new Error(`not an event stream: ${String(response.status)} ${body}`);
    }
    return new SseStream(response, controller);
  }

  /** The next message (comments and retry lines included); rejects after `timeoutMs` or at the end. */
  async next(timeoutMs = 5_000): Promise<SseMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end !== -1) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        if (block.trim() === '') continue;
        return parseBlock(block);
      }
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`no event-stream message within ${String(timeoutMs)} ms`);
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([
        this.reader.read(),
        new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), remaining);
        }),
      ]).finally(() => clearTimeout(timer));
      if (chunk === 'timeout') throw new Error(`no event-stream message within ${String(timeoutMs)} ms`);
      if (chunk.done) throw new StreamEnded();
      this.buffer += this.decoder.decode(chunk.value, { stream: true });
    }
  }

  /** The next message carrying data, parsed (comments, pings and retry lines skipped). */
  async nextEvent(timeoutMs = 5_000): Promise<LiveEventJson & { id: string | null }> {
    for (;;) {
      const message = await this.next(timeoutMs);
      if (message.data === null || message.event !== null) continue;
      return { ...(JSON.parse(message.data) as LiveEventJson), id: message.id };
    }
  }

  /** Resolves once the server ended the stream (rejects if it keeps sending past `timeoutMs`). */
  async ended(timeoutMs = 5_000): Promise<void> {
    try {
      for (;;) await this.next(timeoutMs);
    } catch (error) {
      if (error instanceof StreamEnded) return;
      throw error;
    }
  }

  close(): void {
    this.reader.cancel().catch(() => undefined);
    this.controller.abort();
  }
}

export class StreamEnded extends Error {
  constructor() {
    super('the event stream ended');
  }
}
