import fs from 'node:fs';
import path from 'node:path';
import {
  eagerPackageModulesOf,
  ownFirstScreenImportsOf,
  packageImports,
  packageModulesOf,
  shellProvidedSpecifiers,
} from './shell-provided.mjs';

const root = path.resolve(__dirname, '../..');
const file = (relative: string) => fs.realpathSync(path.join(root, relative));

test('reads run-time imports of @cuota/ui and web-core, not type-only ones', () => {
  const source = [
    "import { Button } from '@cuota/ui/button';",
    "import type { Theme } from '@cuota/ui/theme';",
    "export { useSession } from '@cuota/web-core/session/use-session';",
    "const page = lazy(() => import('@cuota/ui/page'));",
    "import { z } from 'zod';",
  ].join('\n');
  expect(packageImports(source)).toEqual([
    '@cuota/ui/button',
    '@cuota/web-core/session/use-session',
    '@cuota/ui/page',
  ]);
});

test("the shell's modules include what its packages import in turn", () => {
  const modules = packageModulesOf(path.join(root, 'shell'));
  // bootstrap imports the store; the store imports base-api, which no shell file names.
  expect(modules.has(file('packages/web-core/src/store.ts'))).toBe(true);
  expect(modules.has(file('packages/web-core/src/api/base-api.ts'))).toBe(true);
  // The portal's frame is the portal's own, not the shell's.
  expect(modules.has(file('packages/ui/src/portal-frame.tsx'))).toBe(false);
});

test("a remote's eager modules leave out what only its lazy pages import", () => {
  const portal = path.join(root, 'mfe-portal');
  const modules = eagerPackageModulesOf(portal, [path.join(portal, 'src/app/app.tsx')]);
  // The frame is on every portal page; the text field only on the lazy login page.
  expect(modules.has(file('packages/ui/src/portal-frame.tsx'))).toBe(true);
  expect(modules.has(file('packages/ui/src/text-field.tsx'))).toBe(false);
});

test("a remote's eager modules hold the contracts its pages import, and what those import by path", () => {
  const portal = path.join(root, 'mfe-portal');
  const home = path.join(portal, 'src/features/payments/components/family-balance.tsx');
  const modules = eagerPackageModulesOf(portal, [home]);
  // One chunk holds them (create-web-config's `cuota-web`): webpack had copied the modules a
  // contract imports by path into every contract's own chunk (concepts.ts four times).
  expect(modules.has(file('packages/contracts/src/billing/endpoints/family-orders.ts'))).toBe(true);
  expect(modules.has(file('packages/contracts/src/billing/concepts.ts'))).toBe(true);
  expect(modules.has(file('packages/contracts/src/http/endpoint.ts'))).toBe(true);
  // The staff's order endpoints and their schemas are not the home's (ADR 0129).
  expect(modules.has(file('packages/contracts/src/billing/endpoints/orders.ts'))).toBe(false);
  expect(modules.has(file('packages/contracts/src/billing/corrections.ts'))).toBe(false);
});

test("a remote's eager modules leave out a shell-provided module and what it imports by path", () => {
  const portal = path.join(root, 'mfe-portal');
  const app = [path.join(portal, 'src/app/app.tsx')];
  // The frame's sign-out imports the shell's endpoints by specifier; they import auth-api by path.
  const shellEndpoints = file('packages/contracts/src/identity/shell-endpoints.ts');
  const authApi = file('packages/contracts/src/identity/auth-api.ts');
  expect(eagerPackageModulesOf(portal, app).has(authApi)).toBe(true);
  const eager = eagerPackageModulesOf(portal, app, new Set([shellEndpoints]));
  expect(eager.has(shellEndpoints)).toBe(false);
  expect(eager.has(authApi)).toBe(false);
});

// The shared singletons of create-web-config.mjs: the shell's copies are the ones that run.
const SHARED_LIBRARIES = [
  'react',
  'react-dom',
  'react-router',
  '@reduxjs/toolkit',
  'react-redux',
  'styled-components',
  'zod',
];

test.each(['mfe-dashboard', 'mfe-portal'])(
  "%s's first screen needs no contracts, zod or form library of its own (ADR 0033)",
  (remote) => {
    const app = path.join(root, remote);
    const provided = shellProvidedSpecifiers(path.join(root, 'shell'));
    const own = ownFirstScreenImportsOf(app, [path.join(app, 'src/app/app.tsx')], provided);
    // A contracts module the shell does not provide brings its schemas into every page: make
    // the page that needs it lazy, or import it by specifier from a module the shell provides.
    expect([...own.workspaceModules].filter((s) => s.startsWith('@cuota/contracts/'))).toEqual([]);
    expect([...own.libraries].filter((name) => !SHARED_LIBRARIES.includes(name))).toEqual([]);
  },
);

test("the dashboard's signed-out pages are not part of its first screen", () => {
  const app = path.join(root, 'mfe-dashboard');
  const provided = shellProvidedSpecifiers(path.join(root, 'shell'));
  const own = ownFirstScreenImportsOf(app, [path.join(app, 'src/app/app.tsx')], provided);
  expect(own.workspaceModules.has('@cuota/ui/text-field')).toBe(false);
  expect(own.workspaceModules.has('@cuota/ui/dashboard-frame')).toBe(true);
});

test('the shell provides the session and, through it, the permissions and staff roles', () => {
  const provided = shellProvidedSpecifiers(path.join(root, 'shell'));
  expect(provided.has('@cuota/contracts/identity/session')).toBe(true);
  expect(provided.has('@cuota/contracts/access/permissions')).toBe(true);
  expect(provided.has('@cuota/contracts/enrolment/entities')).toBe(true);
});

/**
 * A contracts module three or more others import is imported by specifier: then it is a shared
 * module, one copy per page (the shell's when it has one). Imported by path, webpack copied it
 * into the fallback chunk of every contract importing it (the dashboard held 278 extra copies of
 * contracts modules; Inicio 272 → 256 KB gz with the first seven moved, ADR 0025).
 */
const SHARED_FROM_IMPORTERS = 3;

test('contracts import the modules many of them share by specifier, never by path', () => {
  const contracts = path.join(root, 'packages/contracts/src');
  const imports: { from: string; specifier: string; target: string }[] = [];
  for (const entry of fs.readdirSync(contracts, { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.ts') || entry.endsWith('.test.ts')) continue;
    const from = entry.replace(/\.ts$/, '');
    for (const [, specifier] of fs
      .readFileSync(path.join(contracts, entry), 'utf8')
      .matchAll(/from\s+'([^']+)'/g)) {
      const target = specifier!.startsWith('.')
        ? path.relative(contracts, path.resolve(contracts, path.dirname(entry), specifier!))
        : specifier!.startsWith('@cuota/contracts/')
          ? specifier!.slice('@cuota/contracts/'.length)
          : undefined;
      if (target)
        imports.push({ from, specifier: specifier!, target: target.replace(/\.ts$/, '') });
    }
  }
  const importers = new Map<string, Set<string>>();
  for (const { from, target } of imports)
    importers.set(target, (importers.get(target) ?? new Set()).add(from));
  const byPath = imports
    .filter(({ specifier }) => specifier.startsWith('.'))
    .filter(({ target }) => (importers.get(target)?.size ?? 0) >= SHARED_FROM_IMPORTERS)
    .map(({ from, specifier }) => `${from}: ${specifier}`);
  expect(byPath).toEqual([]);
});
