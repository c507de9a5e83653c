import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const WEB_SOURCES = [
  'shell/src',
  'mfe-portal/src',
  'mfe-dashboard/src',
  'mfe-store/src',
  'packages/ui/src',
  'packages/web-core/src',
];

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    // Test helpers (src/testing) run under Jest with the real react-router, never bundled.
    if (entry.isDirectory()) {
      if (entry.name !== 'test-support') yield* sourceFiles(file);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield file;
  }
}

/** The values (not types) a file imports by name from `module`. */
function namedValueImports(source: string, module: string): string[] {
  const names: string[] = [];
  const pattern = new RegExp(
    `import\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+['"]${module}['"]`,
    'g',
  );
  for (const [, typeOnly, list] of source.matchAll(pattern)) {
    if (typeOnly) continue;
    for (const item of list!.split(',').map((s) => s.trim())) {
      if (!item || item.startsWith('type ')) continue;
      names.push(item.split(/\s+as\s+/)[0]!);
    }
  }
  return names;
}

function facadeExports(file: string): Set<string> {
  const source = fs.readFileSync(path.join(__dirname, 'shared-facades', file), 'utf8');
  const list = /export\s*\{([^}]*)\}/.exec(source)![1]!;
  return new Set(
    list
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

test('every name the apps import from react-router is shared by the facade', () => {
  const shared = facadeExports('react-router.mjs');
  const missing: string[] = [];
  for (const dir of WEB_SOURCES)
    for (const file of sourceFiles(path.join(root, dir)))
      for (const name of namedValueImports(fs.readFileSync(file, 'utf8'), 'react-router'))
        if (!shared.has(name)) missing.push(`${path.relative(root, file)}: ${name}`);
  expect(missing).toEqual([]);
});

test('nothing imports react-router as a namespace or default (the facade has named exports)', () => {
  const offenders: string[] = [];
  for (const dir of WEB_SOURCES)
    for (const file of sourceFiles(path.join(root, dir)))
      if (
        /import\s+(\*\s+as\s+\w+|\w+)\s+from\s+'react-router'/.test(fs.readFileSync(file, 'utf8'))
      )
        offenders.push(path.relative(root, file));
  expect(offenders).toEqual([]);
});

test('every name the apps and RTK Query import from @reduxjs/toolkit is shared by the facade', () => {
  const shared = facadeExports('redux-toolkit.mjs');
  const rtkQuery = path.join(root, 'node_modules/@reduxjs/toolkit/dist/query');
  const importers = [
    ...WEB_SOURCES.flatMap((dir) => [...sourceFiles(path.join(root, dir))]),
    path.join(rtkQuery, 'rtk-query.modern.mjs'),
    path.join(rtkQuery, 'react/rtk-query-react.modern.mjs'),
  ];
  const missing: string[] = [];
  for (const file of importers)
    for (const name of namedValueImports(fs.readFileSync(file, 'utf8'), '@reduxjs/toolkit'))
      if (!shared.has(name)) missing.push(`${path.relative(root, file)}: ${name}`);
  expect(missing).toEqual([]);
});

test('every name the apps and RTK Query import from react-redux is shared by the facade', () => {
  const shared = facadeExports('react-redux.mjs');
  const importers = [
    ...WEB_SOURCES.flatMap((dir) => [...sourceFiles(path.join(root, dir))]),
    path.join(root, 'node_modules/@reduxjs/toolkit/dist/query/react/rtk-query-react.modern.mjs'),
  ];
  const missing: string[] = [];
  for (const file of importers)
    for (const name of namedValueImports(fs.readFileSync(file, 'utf8'), 'react-redux'))
      if (!shared.has(name)) missing.push(`${path.relative(root, file)}: ${name}`);
  expect(missing).toEqual([]);
});

test('every name the apps import from styled-components is shared by the facade', () => {
  const shared = facadeExports('styled-components.mjs');
  const missing: string[] = [];
  const pattern =
    /import\s+(?!type\b)(?:(\w+)\s*,?\s*)?(?:\{([^}]*)\})?\s*from\s+'styled-components'/g;
  for (const dir of WEB_SOURCES)
    for (const file of sourceFiles(path.join(root, dir)))
      for (const [, defaultName, list] of fs.readFileSync(file, 'utf8').matchAll(pattern)) {
        const names = defaultName ? ['default'] : [];
        for (const item of (list ?? '').split(',').map((s) => s.trim()))
          if (item && !item.startsWith('type ')) names.push(item.split(/\s+as\s+/)[0]!);
        if (names.length === 0) missing.push(`${path.relative(root, file)}: (namespace)`);
        for (const name of names)
          if (!shared.has(name)) missing.push(`${path.relative(root, file)}: ${name}`);
      }
  expect(missing).toEqual([]);
});
