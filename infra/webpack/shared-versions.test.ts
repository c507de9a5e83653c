import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

/** The shared configuration a build of `app` would get, read as webpack reads it (plain ESM). */
function sharedOf(app: string, env: Record<string, string> = {}) {
  const script = `const { sharedConfig } = await import(${JSON.stringify(
    path.join(root, 'infra/webpack/create-web-config.mjs'),
  )}); console.log(JSON.stringify(sharedConfig(${JSON.stringify(path.join(root, app))})));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return JSON.parse(out) as Record<
    string,
    { singleton: boolean; strictVersion: boolean; version: string; requiredVersion: string }
  >;
}

const LIBRARIES = [
  'react',
  'react-dom',
  'react-router',
  '@reduxjs/toolkit',
  'react-redux',
  'styled-components',
];

test.each(['shell', 'mfe-portal', 'mfe-dashboard', 'mfe-store'])(
  '%s shares every singleton strictly, with its real version and a range of that major',
  (app) => {
    const shared = sharedOf(app);
    for (const name of [...LIBRARIES, 'zod', '@cuota/ui/', '@cuota/web-core/', '@cuota/contracts/'])
      expect(shared[name]).toMatchObject({ singleton: true, strictVersion: true });
    for (const [key, { version, requiredVersion }] of Object.entries(shared)) {
      const major = version.split('.')[0];
      // The range the app declares, an exact pin read as "this or a later minor".
      expect([key, requiredVersion]).toEqual([key, expect.stringMatching(`^\\^${major}\\.`)]);
    }
  },
);

test('CUOTA_REQUIRE_<NAME> sets one range at build time (how a bumped major is built)', () => {
  const shared = sharedOf('mfe-store', { CUOTA_REQUIRE_REACT: '^20.0.0' });
  expect(shared['react']!.requiredVersion).toBe('^20.0.0');
  expect(shared['react/']!.requiredVersion).toBe('^20.0.0');
  expect(shared['react-dom']!.requiredVersion).toMatch(/^\^19\./);
  const contracts = sharedOf('mfe-store', { CUOTA_REQUIRE_CONTRACTS: '^2.0.0' });
  expect(contracts['@cuota/contracts/']!.requiredVersion).toBe('^2.0.0');
});
