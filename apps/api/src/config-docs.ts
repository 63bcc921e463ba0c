/**
 * docs/configuration.md, generated from env.ts: every setting with its default (the schema's own,
 * or `SETTING_DOCS`' words for one set elsewhere) and what it does. `pnpm --filter @rideshare/api
 * config:docs` writes it; config-docs.test.ts fails when the page and env.ts differ.
 */
import { envSchema, SETTING_DOCS } from './env';

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
  const rows = Object.entries(SETTING_DOCS).map(([name, doc]) => {
    const fallback = defaults[name];
    const shown = 'defaultText' in doc && doc.defaultText ? doc.defaultText : fallback ? `\`${fallback}\`` : 'unset';
    return [`\`${name}\``, cell(shown), cell(doc.meaning)];
  });
  return `<!-- Generated from apps/api/src/env.ts by \`pnpm --filter @rideshare/api config:docs\`; do not edit. -->

# Configuration

Environment variables, validated at start-up (a bad value stops the process with a message naming
it). [\`.env.example\`](../.env.example) lists them all with their defaults; an empty value there
means unset. \`npm start\` reads none of them from a file: export them, or use your process manager or
Docker Compose ([operations.md](operations.md)).

${table(['Variable', 'Default', 'Meaning'], rows)}
`;
}
