export declare const CHROMIUM_FLAGS: readonly string[];
export declare function chromiumPath(env?: Record<string, string | undefined>): string;
