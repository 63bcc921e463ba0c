/**
 * docs/configuration.md, generated from the settings' schema alone (settings/*.ts, read through
 * env.ts): every setting with its default (the schema's own, or the `defaultText` of its `.meta` for
 * one worked out elsewhere) and its `.meta` description. `pnpm --filter @rideshare/api config:docs`
 * writes it; config-docs.test.ts fails when the page and the schema differ.
 */
import { z } from 'zod';

import { envSchema } from './env';

/** How docs/configuration.md shows a setting, from its schema's `.meta({ description, defaultText })`. */
export interface SettingDoc {
  /** What it does (Markdown; links relative to docs/). */
  description: string;
  /** The default as a reader should see it, when the schema's own default does not say it. */
  defaultText?: string;
}

/** Every setting's description, in the schema's order; a setting without one is an error. */
export function settingDocs(settings: z.ZodObject = envSchema.in): [string, SettingDoc][] {
  return Object.entries(settings.shape).map(([name, schema]) => {
    const meta = z.globalRegistry.get(schema);
    if (typeof meta?.description !== 'string' || meta.description === '') {
      throw new Error(`The setting ${name} has no description: add .meta({ description }) to its schema`);
    }
    const defaultText = typeof meta.defaultText === 'string' ? meta.defaultText : undefined;
    return [name, { description: meta.description, ...(defaultText ? { defaultText } : {}) }];
  });
}

/** The schema's default of each setting that has one, as text (`true`, `60`, `a,b`). */
export function settingDefaults(): Record<string, string> {
  const parsed = envSchema.in.parse({}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(parsed)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, Array.isArray(value) ? value.join(',') : String(value)]),
  );
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** A Markdown table with its columns padded, as Prettier writes one. */
function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, i) => Math.max(title.length, 3, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** The whole page. */
export function configurationPage(): string {
  const defaults = settingDefaults();
  const rows = settingDocs().map(([name, doc]) => {
    const fallback = defaults[name];
    const shown = doc.defaultText ?? (fallback ? `\`${fallback}\`` : 'unset');
    return [`\`${name}\``, cell(shown), cell(doc.description)];
  });
  return `<!-- Generated from the settings in apps/api/src/settings/ by \`pnpm --filter @rideshare/api config:docs\`; do not edit. -->

# Configuration

Environment variables, validated at start-up (a bad value stops the process with a message naming
it). [\`.env.example\`](../.env.example) lists them all with their defaults; an empty value there
means unset. \`npm start\` reads none of them from a file: export them, or use your process manager or
Docker Compose ([operations.md](operations.md)).

${table(['Variable', 'Default', 'Meaning'], rows)}
`;
}
