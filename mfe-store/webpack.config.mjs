import { createWebConfig } from '../infra/webpack/create-web-config.mjs';

export default createWebConfig({
  appDir: import.meta.dirname,
  name: 'mfe_store',
  role: 'remote',
  exposes: {
    './App': './src/app/app.tsx',
    // `<cuota-store>` on a school's own site (ADR 0093): the host is shell/src/embed.
    './embed': './src/embed/mount-store.tsx',
  },
  // Shown (hidden) on the page, so a redeployed remote can be recognised.
  env: { CUOTA_BUILD_LABEL: process.env.CUOTA_BUILD_LABEL ?? 'local' },
});
