import { createWebConfig } from '../infra/webpack/create-web-config.mjs';

export default createWebConfig({
  appDir: import.meta.dirname,
  name: 'mfe_portal',
  role: 'remote',
  exposes: {
    './App': './src/app/app.tsx',
    // Each page's own code (web-core routing/portal-pages.ts names them): the shell loads the
    // opened page's beside the App instead of after it has rendered.
    './page/home': './src/features/payments/components/family-balance.tsx',
    './page/payments': './src/features/payments/components/pay-page.tsx',
    './page/payments-history': './src/features/payments/components/payment-history.tsx',
    './page/subscriptions': './src/features/subscriptions/components/subscriptions.tsx',
  },
  // Shown (hidden) on the page, so a redeployed remote can be recognised.
  env: { CUOTA_BUILD_LABEL: process.env.CUOTA_BUILD_LABEL ?? 'local' },
});
