import fs from 'node:fs';
import path from 'node:path';
import { INICIO_MODULE } from '@cuota/web-core/routing/dashboard-pages';

test('the page module the shell preloads for Inicio is exposed by the dashboard build', () => {
  const config = fs.readFileSync(path.join(__dirname, '../../webpack.config.mjs'), 'utf8');
  expect(config).toContain(`'./${INICIO_MODULE}': './src/features/home/home-page.tsx'`);
});
