import fs from 'node:fs';
import path from 'node:path';
import { eagerPackageModulesOf, packageImports, packageModulesOf } from './shell-provided.mjs';

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
