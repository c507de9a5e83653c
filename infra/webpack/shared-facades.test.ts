import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

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

/** Each `z.<name>` (and `z.locales.<name>`) a file uses as a value, not as a type. */
function zodValueUses(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const uses: string[] = [];
  const visit = (node: ts.Node) => {
    // A type position (`z.ZodType`, `typeof z.x`) is a QualifiedName, never a property access.
    if (
      ts.isPropertyAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'z'
    ) {
      const name = node.name.text;
      const parent = node.parent;
      uses.push(
        name === 'locales' && ts.isPropertyAccessExpression(parent)
          ? `locales.${parent.name.text}`
          : name,
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

test('every z.<name> the browser code uses as a value is in the shared zod facade', () => {
  const facade = fs.readFileSync(path.join(__dirname, 'shared-facades', 'zod.mjs'), 'utf8');
  const object = /export const z = \{([\s\S]*?)\n\};/.exec(facade)![1]!;
  const shared = new Set([...object.matchAll(/^\s+(\w+)(?=[:,])/gm)].map(([, name]) => name!));
  for (const [, list] of object.matchAll(/locales: \{([^}]*)\}/g))
    for (const name of list!.split(',')) shared.add(`locales.${name.trim()}`);
  const missing: string[] = [];
  for (const dir of [...WEB_SOURCES, 'packages/contracts/src'])
    for (const file of sourceFiles(path.join(root, dir)))
      for (const name of zodValueUses(file))
        if (!shared.has(name)) missing.push(`${path.relative(root, file)}: z.${name}`);
  expect(missing).toEqual([]);
});
