/**
 * One spelling of every request path, so that routing and every guard that looks at a path (the
 * per-address limit, the cross-site and JSON-only checks, `no-store`, stream tracking, log
 * redaction) decide on the same thing: a path the router would read as `/api/stats` can never pass
 * a guard as something else. The rules are in docs/http-requests.md.
 */

const UNRESERVED = /^[A-Za-z0-9._~-]$/;
const ESCAPE = /%([0-9A-Fa-f]{2})/g;
const ABSOLUTE_FORM = /^https?:\/\/[^/?#]*/i;

/**
 * A path as the router reads it: percent-encoded letters, digits and `-._~` decoded (other escapes,
 * such as `%2F`, stay encoded, in upper-case hex), `#` encoded, `.` and `..` segments resolved,
 * empty segments (doubled or trailing slashes) dropped.
 *
 * @example canonicalPath('//%61pi/./rides/') // '/api/rides'
 */
export function canonicalPath(path: string): string {
  const decoded = path
    .replace(ESCAPE, (escape, hex: string) => {
      const char = String.fromCharCode(Number.parseInt(hex, 16));
      return UNRESERVED.test(char) ? char : escape.toUpperCase();
    })
    .replaceAll('#', '%23');
  const segments: string[] = [];
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/**
 * A request target with its path made canonical and its query string kept as sent. An absolute-form
 * target (`GET http://host/api/stats`) becomes its path; anything else that does not start with `/`
 * (`*`) is left for the router to refuse.
 */
export function canonicalUrl(url: string): string {
  let target = url;
  if (!target.startsWith('/')) {
    const origin = ABSOLUTE_FORM.exec(target);
    if (!origin) return url;
    target = target.slice(origin[0].length);
  }
  const queryAt = target.indexOf('?');
  if (queryAt === -1) return canonicalPath(target);
  return canonicalPath(target.slice(0, queryAt)) + target.slice(queryAt);
}

/**
 * What the guards compare against: the request's (already canonical) path without its query, in
 * lower case, as the router matches paths without regard to case.
 */
export function decisionPath(url: string): string {
  return (url.split('?')[0] ?? '').toLowerCase();
}

/** Whether the path is one of the API's: the documented REST paths or tRPC. */
export function apiPathKind(url: string): { rest: boolean; trpc: boolean } {
  const path = decisionPath(url);
  return {
    rest: path === '/api' || path.startsWith('/api/'),
    trpc: path === '/trpc' || path.startsWith('/trpc/'),
  };
}
