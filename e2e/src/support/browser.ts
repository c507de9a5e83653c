// One launcher for the journeys and infra's own browser tests (the gateway's card form).
export { launchChromium as launchBrowser } from '@cuota/infra/lib/chromium.ts';
