export declare const MEMORY_SETTINGS: readonly ['NODE_OPTIONS', 'MALLOC_ARENA_MAX'];
/** `NODE_OPTIONS` and `MALLOC_ARENA_MAX` as the last stage of a Dockerfile sets them with ENV. */
export function memorySettingsOf(dockerfile: string): Record<string, string>;
/** The settings infra/Dockerfile ships. */
export function shippedMemorySettings(repoRoot: string): Record<string, string>;
/** The shipped settings the environment `env` does not set itself (an operator's own value wins). */
export function memorySettingsFor(repoRoot: string, env: Record<string, string | undefined>): Record<string, string>;
