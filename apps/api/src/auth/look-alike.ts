/**
 * Look-alike usernames (docs/sign-in.md#look-alikes): two names are confusable when their Unicode
 * confusables skeletons (UTS #39: decompose, map each confusable character to its prototype with
 * the Unicode data `unhomoglyph` carries, decompose again) are the same, compared without case.
 */
import unhomoglyph from 'unhomoglyph';

/**
 * The skeleton a name is compared by.
 *
 * @example usernameSkeleton('rnike') === usernameSkeleton('mike') // true
 * @example usernameSkeleton('Аdmin') === usernameSkeleton('admin') // true (Cyrillic А)
 */
export function usernameSkeleton(name: string): string {
  return unhomoglyph(name.toLowerCase().normalize('NFD')).normalize('NFD').toLowerCase();
}

/** The first of `existing` that `name` could be mistaken for (but is not, ignoring case); null for none. */
export function confusableWith(name: string, existing: readonly string[]): string | null {
  const skeleton = usernameSkeleton(name);
  const lower = name.toLowerCase();
  for (const other of existing) {
    if (other.toLowerCase() !== lower && usernameSkeleton(other) === skeleton) return other;
  }
  return null;
}
