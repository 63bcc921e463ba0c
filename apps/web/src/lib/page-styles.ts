/**
 * Mantine's styles for components beyond the app shell and /home (mantine-styles-pages.css), loaded
 * with the code that needs them rather than on every first load (docs/benchmarks.md, what /home's
 * first load transfers).
 */
export async function withPageStyles<T>(load: () => Promise<T>): Promise<T> {
  const [, loaded] = await Promise.all([import('../mantine-styles-pages.css'), load()]);
  return loaded;
}
