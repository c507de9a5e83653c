import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ALL_ENDPOINTS } from './all-endpoints';
import { endpointKey } from './endpoint';

/**
 * The definitions against the specification's endpoint table, row by row. docs/spec holds a
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

test('the copy of api-paths.tsv is the specification’s own', () => {
  if (!existsSync(ORIGINAL)) return; // a fresh clone away from the steering repository
  expect(readFileSync(COPY, 'utf8')).toBe(readFileSync(ORIGINAL, 'utf8'));
});

test('no two definitions share a method and path, or a name', () => {
  expect(definitions.size).toBe(ALL_ENDPOINTS.length);
  expect(new Set(ALL_ENDPOINTS.map((e) => e.name)).size).toBe(ALL_ENDPOINTS.length);
});

describe.each(rows.filter((r) => !r.group).map((r) => [r.key, r] as const))(
  'exact row %s',
  (_key, row) => {
    test('is defined at exactly its method and path, by its domain or with a reason', () => {
      const definition = definitions.get(row.key);
      expect(definition).toBeDefined();
      expect(definition!.spec).toBe('spec');
      if (definition!.domain !== row.domain) expect(definition!.domainReason).toBeTruthy();
    });
  },
);

describe.each(rows.filter((r) => r.group).map((r) => [r.key, r] as const))(
  'capability row %s',
  (_key, row) => {
    test('names the definitions that serve it', () => {
      const serving = ALL_ENDPOINTS.filter((e) =>
        e.spec === 'spec'
          ? endpointKey(e) === row.key
          : 'serves' in e.spec && e.spec.serves.includes(row.key),
      );
      expect(serving.map((e) => e.name)).not.toEqual([]);
      for (const e of serving) if (e.domain !== row.domain) expect(e.domainReason).toBeTruthy();
    });
  },
);

test('every definition is a row of the spec, serves group rows, or says why it exists', () => {
  const orphans = ALL_ENDPOINTS.filter((e) => {
    if (e.spec === 'spec') return !byKey.has(endpointKey(e));
    if ('serves' in e.spec) return e.spec.serves.some((k) => !byKey.get(k)?.group);
    // A capability must not be a spec row in disguise.
    return byKey.has(endpointKey(e)) || !e.spec.capability.trim();
  });
  expect(orphans.map(endpointKey)).toEqual([]);
});
