// Browser journeys: real Chromium against the whole system started by the launcher's
// e2e profile. One at a time (they share the e2e ports), after `npm run build`.
const path = require('node:path');
const { project } = require('../jest.preset.cjs');

module.exports = {
  ...project('e2e', 'node', ['<rootDir>/src/journeys/**/*.e2e.test.ts']),
  rootDir: __dirname,
  globalSetup: path.join(__dirname, 'src/support/reset-e2e-state.ts'),
  maxWorkers: 1,
  testTimeout: 180_000,
};
