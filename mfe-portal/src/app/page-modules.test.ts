import fs from 'node:fs';
import path from 'node:path';
import { PORTAL_PAGE_MODULES } from '@cuota/web-core/routing/portal-pages';

test('every page module the shell preloads is exposed by the portal build', () => {
  const config = fs.readFileSync(path.join(__dirname, '../../webpack.config.mjs'), 'utf8');
  expect(PORTAL_PAGE_MODULES.length).toBeGreaterThan(0);
  for (const module of PORTAL_PAGE_MODULES) expect(config).toContain(`'./${module}': './src/`);
});

test("a route imports its page's code as the chunk the shell loads ahead, not a second copy", () => {
  const config = fs.readFileSync(path.join(__dirname, '../../webpack.config.mjs'), 'utf8');
  const routes = path.join(__dirname, 'routes');
  const sources = fs
    .readdirSync(routes)
    .filter((file) => file.endsWith('-route.tsx'))
    .map((file) => fs.readFileSync(path.join(routes, file), 'utf8').replace(/\s+/g, ''));
  for (const module of PORTAL_PAGE_MODULES) {
    const file = new RegExp(`'\\./${module}': '\\./src/(.+?)\\.tsx'`).exec(config)![1]!;
    // The webpack config names an exposed page's chunk `page-<page>` (create-web-config.mjs).
    const chunk = module.replace(/\//g, '-');
    const fromRoute = `import(/*webpackChunkName:"${chunk}"*/'../../${file}')`;
    expect(sources.some((source) => source.includes(fromRoute))).toBe(true);
  }
});
