import type { BuildOptions } from 'esbuild';

export declare const NODE_BUNDLE: Readonly<
  Required<Pick<BuildOptions, 'bundle' | 'platform' | 'target' | 'format' | 'sourcemap' | 'logLevel'>>
>;
