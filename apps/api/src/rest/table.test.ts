/**
 * The route table, the docs and the router agree (docs/api.md#the-paths): every row is listed in
 * docs/api.md and every listed path is a row; every `METHOD /api/…` any page of docs/ names is a
 * path of the table; every row names a procedure the app router has, once per method and path.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { appRouter } from '../routers/app-router';
import { restRouteTable } from './index';

const docsDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'docs');
const rows = restRouteTable.map((row) => `${row.method} ${row.path}`);

const ROUTE = /\b(GET|POST|PUT|PATCH|DELETE) (\/api\/[\w/:.{}-]*[\w}])/g;

/** The `METHOD /api/path` items of docs/api.md's "The paths" section. */
function listedPaths(): string[] {
  const page = readFileSync(join(docsDir, 'api.md'), 'utf8');
  const start = page.indexOf('\n## The paths\n');
  expect(start, 'docs/api.md has a "The paths" section').toBeGreaterThan(0);
  const end = page.indexOf('\n## ', start + 1);
  const section = page.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/^- `(GET|POST|PUT|PATCH|DELETE) (\/api\/\S+)`/gm)].map((m) => `${m[1]} ${m[2]}`);
}

/** A table row's path as a pattern a concrete path (`/api/rides/16`) or `{id}` spelling matches. */
function patternOf(path: string): RegExp {
  const source = path
    .split(/(:[A-Za-z_]\w*)/)
    .map((part) =>
      part.startsWith(':') ? '(?::\\w+|\\{\\w+\\}|[^/{}:]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`);
}

describe('the REST route table', () => {
  it('has each method and path once', () => {
    expect(rows.filter((row, index) => rows.indexOf(row) !== index)).toEqual([]);
  });

  it('names only procedures the app router has', () => {
    const procedures = appRouter._def.procedures as Record<string, unknown>;
    const unknown = restRouteTable
      .map((row) => row.contract.procedure)
      .filter((name): name is string => name !== undefined && !(name in procedures));
    expect(unknown).toEqual([]);
  });

  it('is listed in docs/api.md, row for row', () => {
    const listed = listedPaths();
    expect(
      rows.filter((row) => !listed.includes(row)),
      'rows missing from docs/api.md#the-paths',
    ).toEqual([]);
    expect(
      listed.filter((path) => !rows.includes(path)),
      'listed in docs/api.md but not in the table',
    ).toEqual([]);
    expect(listed.filter((path, index) => listed.indexOf(path) !== index)).toEqual([]);
  });

  it('has every REST path any page of docs/ names', () => {
    const patterns = restRouteTable.map((row) => ({ method: row.method, pattern: patternOf(row.path) }));
    const unknown: string[] = [];
    for (const name of readdirSync(docsDir).filter((file) => file.endsWith('.md'))) {
      for (const [, method, path] of readFileSync(join(docsDir, name), 'utf8').matchAll(ROUTE)) {
        if (!patterns.some((row) => row.method === method && row.pattern.test(path ?? ''))) {
          unknown.push(`${name}: ${method ?? ''} ${path ?? ''}`);
        }
      }
    }
    expect(unknown).toEqual([]);
  });
});
