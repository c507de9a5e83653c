import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ALL_ENDPOINTS } from './all-endpoints';
import { ALL_PLANNED_ROWS } from './all-planned-rows';
import { endpointKey } from '@cuota/contracts/http/endpoint';

/**
 * The definitions and the planned rows against the specification's endpoint table, row by
 * row: each row is served by definitions or planned (ADR 0027), never both. docs/spec holds a
 * verbatim copy of ../shared/spec/api-paths.tsv (a fresh clone has no ../shared); when the
 * original is beside the checkout, the copy must still equal it.
 */
const ROOT = path.resolve(__dirname, '../../../..');
const COPY = path.join(ROOT, 'docs/spec/api-paths.tsv');
const ORIGINAL = path.join(ROOT, '../shared/spec/api-paths.tsv');

interface Row {
  method: string;
  path: string;
  surface: string;
  domain: string;
  group: boolean;
  key: string;
}

const rows: Row[] = readFileSync(COPY, 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [method, p, surface, domain, note = ''] = line.split('\t') as string[];
    return {
      method: method!,
      path: p!,
      surface: surface!,
      domain: domain!,
      group: note.startsWith('group:'),
      key: `${method} ${p}`,
    };
  });
const byKey = new Map(rows.map((r) => [r.key, r]));
const definitions = new Map(ALL_ENDPOINTS.map((e) => [endpointKey(e), e]));
const planned = new Map(ALL_PLANNED_ROWS.map((p) => [endpointKey(p), p]));

/** The definitions that serve a row: at its method and path, or naming it in `serves`. */
const servingOf = (row: Row) =>
  ALL_ENDPOINTS.filter((e) =>
    e.spec === 'spec'
      ? endpointKey(e) === row.key
      : 'serves' in e.spec && e.spec.serves.includes(row.key),
  );

test('the copy of api-paths.tsv is the specification’s own', () => {
  if (!existsSync(ORIGINAL)) return; // a fresh clone away from the steering repository
  expect(readFileSync(COPY, 'utf8')).toBe(readFileSync(ORIGINAL, 'utf8'));
});

test('no two definitions share a method and path, or a name; no row is planned twice', () => {
  expect(definitions.size).toBe(ALL_ENDPOINTS.length);
  expect(new Set(ALL_ENDPOINTS.map((e) => e.name)).size).toBe(ALL_ENDPOINTS.length);
  expect(planned.size).toBe(ALL_PLANNED_ROWS.length);
});

describe.each(rows.map((r) => [r.key, r] as const))('row %s', (_key, row) => {
  test('is served by definitions or planned, never both', () => {
    const serving = servingOf(row).map((e) => e.name);
    if (planned.has(row.key)) expect(serving).toEqual([]);
    else expect(serving).not.toEqual([]);
  });

  test('belongs to its domain, or its definitions say why not', () => {
    for (const e of servingOf(row))
      if (e.domain !== row.domain) expect(e.domainReason).toBeTruthy();
    const plannedRow = planned.get(row.key);
    if (plannedRow)
      expect([plannedRow.domain, plannedRow.surface]).toEqual([row.domain, row.surface]);
  });
});

test('every planned row is a row of the spec, and no definition sits at its method and path', () => {
  const strays = ALL_PLANNED_ROWS.map(endpointKey).filter(
    (key) => !byKey.has(key) || definitions.has(key),
  );
  expect(strays).toEqual([]);
});

test('every definition is an exact row of the spec, serves group rows, or says why it exists', () => {
  const orphans = ALL_ENDPOINTS.filter((e) => {
    if (e.spec === 'spec') return !byKey.has(endpointKey(e));
    if ('serves' in e.spec) return e.spec.serves.some((k) => !byKey.get(k)?.group);
    // A capability must not be a spec row in disguise.
    return byKey.has(endpointKey(e)) || !e.spec.capability.trim();
  });
  expect(orphans.map(endpointKey)).toEqual([]);
});
