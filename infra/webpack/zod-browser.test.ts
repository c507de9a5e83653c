import fs from 'node:fs';
import path from 'node:path';

// zod-browser/ stands in for two of zod's modules in browser builds (ADR 0025); a zod
// upgrade that imports another name from them must fail here, not in the browser.
const root = path.resolve(__dirname, '../..');
const zod = path.join(root, 'node_modules/zod/v4');
const read = (file: string) => fs.readFileSync(file, 'utf8');

function exportedNames(file: string): Set<string> {
  const names = new Set<string>();
  for (const [, list] of read(file).matchAll(/export\s*\{([^}]*)\}/g))
    for (const item of list!.split(',').map((s) => s.trim()))
      if (item) names.add(item.split(/\s+as\s+/).at(-1)!);
  for (const [, name] of read(file).matchAll(/export\s+(?:const|function)\s+(\w+)/g))
    names.add(name!);
  return names;
}

const classic = read(path.join(zod, 'classic/schemas.js'));

test('the stand-in provides every processor zod classic schemas use', () => {
  const used = new Set([...classic.matchAll(/processors\.(\w+)/g)].map((m) => m[1]!));
  used.delete('js'); // the import's own file name
  const provided = exportedNames(path.join(__dirname, 'zod-browser/json-schema-processors.mjs'));
  expect([...used].filter((name) => !provided.has(name))).toEqual([]);
  expect(classic).toMatch(/import \* as processors from "\.\.\/core\/json-schema-processors\.js"/);
});

test('the stand-in provides every name zod classic schemas import from to-json-schema', () => {
  const imported = /import\s*\{([^}]*)\}\s*from\s*"\.\.\/core\/to-json-schema\.js"/.exec(classic);
  expect(imported).not.toBeNull();
  const names = imported![1]!
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const provided = exportedNames(path.join(__dirname, 'zod-browser/to-json-schema.mjs'));
  expect(names.filter((name) => !provided.has(name))).toEqual([]);
});

test('aggregateChecks is still zod’s own', () => {
  const real = exportedNames(path.join(zod, 'core/json-schema-processors.js'));
  expect(real.has('aggregateChecks')).toBe(true);
});
