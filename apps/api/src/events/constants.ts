import { decisionPath } from '../http/request-path';

/** How often an idle live event stream says it is still there (an SSE comment or tRPC ping). */
export const LIVE_HEARTBEAT_MS = 25_000;

/** The reconnection delay the REST stream suggests to EventSource clients (SSE `retry:`). */
export const LIVE_RETRY_MS = 2_000;

/** The paths of the long-lived live event streams (closed first on shutdown). */
export function isLiveStreamPath(url: string): boolean {
  const path = decisionPath(url);
  return path === '/api/events' || path === '/trpc/live.events';
}
