import fs from 'node:fs';
import path from 'node:path';
import { PORTAL_PAGE_MODULES } from '@cuota/web-core/routing/portal-pages';

test('every page module the shell preloads is exposed by the portal build', () => {
  const config = fs.readFileSync(path.join(__dirname, '../../webpack.config.mjs'), 'utf8');
  expect(PORTAL_PAGE_MODULES.length).toBeGreaterThan(0);
  for (const module of PORTAL_PAGE_MODULES) expect(config).toContain(`'./${module}': './src/`);
});
