/**
 * Where to send a user after signing in: back to the page that sent them to log in, but only when
 * that is a path on this site. Anything else (another site, a protocol-relative `//host`, a
 * backslash trick, a URL with a scheme, control characters, the login page itself) falls back to
 * `fallback`, so a crafted link can never turn the login page into an open redirect.
 */

const MAX_RETURN_PATH_LENGTH = 2048;

/**
 * The same-site path to return to after login, or `fallback`. A path must start with one '/' (not
 * '//' or '/\'), hold no backslash or control character, and not lead back to /auth.
 *
 * @example safeReturnPath('/rides/12?tab=passengers') // '/rides/12?tab=passengers'
 * @example safeReturnPath('//evil.example/x') // '/'
 * @example safeReturnPath('https://evil.example') // '/'
 */
export function safeReturnPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_RETURN_PATH_LENGTH) return fallback;
  if (!value.startsWith('/') || value.startsWith('//')) return fallback;
  // Browsers read '\' as '/' in URLs ('/\evil.example' is '//evil.example'); no path needs one.
  if (value.includes('\\')) return fallback;
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return fallback;
  }
  // A path that starts with exactly one '/' and holds neither a backslash nor a control character
  // is a path-absolute reference: browsers resolve it on the current origin, whatever follows.
  const pathname = value.split(/[?#]/, 1)[0] ?? '';
  if (pathname === '/auth' || pathname.startsWith('/auth/')) return fallback;
  return value;
}
