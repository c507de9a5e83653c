import { createWebConfig } from '../infra/webpack/create-web-config.mjs';

/** The store as the shell's pages load it: shares React and the rest with the shell. */
const store = createWebConfig({
  appDir: import.meta.dirname,
  name: 'mfe_store',
  role: 'remote',
  exposes: { './App': './src/app/app.tsx' },
  // Shown (hidden) on the page, so a redeployed remote can be recognised.
  env: { CUOTA_BUILD_LABEL: process.env.CUOTA_BUILD_LABEL ?? 'local' },
});

/**
 * `<cuota-store>` on a school's own site (ADR 0093, 0102; the host is shell/src/embed): the
 * same modules in dist/embed/, built to share nothing, since no shell is on that page.
 */
const embed = createWebConfig({
  appDir: import.meta.dirname,
  name: 'mfe_store_embed',
  role: 'embed-remote',
  exposes: { './embed': './src/embed/mount-store.tsx' },
});

// The store's build publishes its folder (PublishRemotePlugin), so the embed's is built first.
export default [
  (env, argv) => ({ ...embed(env, argv), name: 'embed' }),
  (env, argv) => ({ ...store(env, argv), name: 'store', dependencies: ['embed'] }),
];
