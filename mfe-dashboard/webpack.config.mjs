import { createWebConfig } from '../infra/webpack/create-web-config.mjs';

export default createWebConfig({
  appDir: import.meta.dirname,
  name: 'mfe_dashboard',
  role: 'remote',
  exposes: {
    './App': './src/app/app.tsx',
    // Inicio's figures (web-core routing/dashboard-pages.ts): the shell loads them beside the
    // App when the browser opens Inicio, instead of after the App has rendered.
    './page/home': './src/features/home/home-page.tsx',
  },
  // Shown (hidden) on the page, so a redeployed remote can be recognised.
  env: { CUOTA_BUILD_LABEL: process.env.CUOTA_BUILD_LABEL ?? 'local' },
});
