/**
 * A fake API for component tests: a tRPC link that answers each procedure from a handler you give,
 * so screens run through the real `trpc` hooks, cache and error handling without a server.
 *
 * - `mockApiLink(handlers)`: handlers keyed by procedure path ('auth.me', 'ride.list', ...),
 *   called with the input; return (or resolve) the output, or throw `apiError(...)`. A call with
 *   no handler fails the test loudly, unless the link is made with `unanswered: 'pending'`: then it
 *   never answers, which holds every screen without an answer in its loading state. `ApiHandlers` is typed from the router (`RouterInputs`,
 *   `RouterOutputs`): a renamed procedure or a changed answer breaks the fixtures at compile time.
 * - `apiError(code, message, domainCode?, fieldErrors?)`: the error a real API answer would become
 *   (same `message`, `data.code`, `data.domainCode`, `data.fieldErrors` as the API's formatter).
 * - `networkError()`: what fetch failing (offline) becomes.
 * - `calls`: every call made, for asserting what was sent.
 * - Subscriptions (the live event stream) never fail for want of a handler: they stay open and
 *   quiet, and a `LiveEventsMock` passed to the link lets a test push events into them
 *   (`live.emit(event)`), shaped as tRPC's SSE link delivers tracked events.
 */
import type { AppRouter, RouterInputs, RouterOutputs } from '@rideshare/api';
import type { LiveEvent } from '@rideshare/domain';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';

/** Every procedure path of the router: 'auth.me', 'ride.byId', ... */
type ApiPath = {
  [Area in Extract<keyof RouterOutputs, string>]: `${Area}.${Extract<keyof RouterOutputs[Area], string>}`;
}[Extract<keyof RouterOutputs, string>];

type Lookup<Table, Path extends ApiPath> = Path extends `${infer Area}.${infer Name}`
  ? Area extends keyof Table
    ? Name extends keyof Table[Area]
      ? Table[Area][Name]
      : never
    : never
  : never;

export type ApiHandlers = {
  [Path in ApiPath]?: (
    input: Lookup<RouterInputs, Path>,
  ) => Lookup<RouterOutputs, Path> | Promise<Lookup<RouterOutputs, Path>>;
};

export interface ApiCall {
  path: string;
  type: string;
  input: unknown;
}

const HTTP_STATUS: Record<string, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
};

export function apiError(
  code: keyof typeof HTTP_STATUS | (string & {}),
  message: string,
  domainCode: string | null = null,
  fieldErrors: Record<string, string[]> | null = null,
): TRPCClientError<AppRouter> {
  return TRPCClientError.from<AppRouter>({
    error: {
      message,
      code: -32000,
      data: { code, httpStatus: HTTP_STATUS[code] ?? 500, domainCode, fieldErrors, path: null },
    },
  });
}

export function networkError(): TRPCClientError<AppRouter> {
  return TRPCClientError.from<AppRouter>(new TypeError('Failed to fetch'));
}

type SubscriptionObserver = (event: LiveEvent) => void;

/** The open subscriptions of a test's fake API, and a way to send them live events. */
export class LiveEventsMock {
  private readonly observers = new Set<SubscriptionObserver>();

  /** How many subscriptions are open now. */
  get open(): number {
    return this.observers.size;
  }

  /** Delivers `event` to every open subscription, tracked by its version like the real stream. */
  emit(event: LiveEvent): void {
    for (const observer of this.observers) observer(event);
  }

  add(observer: SubscriptionObserver): () => void {
    this.observers.add(observer);
    return () => {
      this.observers.delete(observer);
    };
  }
}

/** What a call without a handler gets: a loud failure (default), or no answer at all. */
export type Unanswered = 'fail' | 'pending';

export function mockApiLink(
  handlers: ApiHandlers,
  calls: ApiCall[] = [],
  live: LiveEventsMock = new LiveEventsMock(),
  unanswered: Unanswered = 'fail',
): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        let cancelled = false;
        calls.push({ path: op.path, type: op.type, input: op.input });
        if (op.type === 'subscription') {
          observer.next({ result: { type: 'started' } });
          return live.add((event) => {
            const id = String(event.version);
            observer.next({ result: { type: 'data', id, data: { id, data: event } } });
          });
        }
        const handler = (handlers as Partial<Record<string, (input: unknown) => unknown>>)[op.path];
        if (!handler && unanswered === 'pending') return () => undefined;
        Promise.resolve()
          .then(() => {
            if (!handler) throw new Error(`mockApiLink: no handler for ${op.type} '${op.path}'`);
            return handler(op.input);
          })
          .then(
            (data) => {
              if (cancelled) return;
              observer.next({ result: { type: 'data', data } });
              observer.complete();
            },
            (err: unknown) => {
              if (cancelled) return;
              observer.error(
                err instanceof TRPCClientError
                  ? (err as TRPCClientError<AppRouter>)
                  : TRPCClientError.from<AppRouter>(err as Error),
              );
            },
          );
        return () => {
          cancelled = true;
        };
      });
}
