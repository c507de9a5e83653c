const { project } = require('./jest.preset.cjs');

const node = [
  'packages/contracts',
  'packages/service-runtime',
  'packages/messaging',
  'packages/testing',
  'packages/documents',
  'packages/student-directory',
  'services/enrolment',
  'services/billing',
  'services/payments',
  'services/invoicing',
  'services/notifications',
  'bff',
];
const web = [
  'packages/ui',
  'packages/web-core',
  'shell',
  'mfe-portal',
  'mfe-dashboard',
  'mfe-store',
];

module.exports = {
  projects: [
    ...node.map((d) => project(d, 'node')),
    project('infra', 'node', ['<rootDir>/**/*.test.ts']),
    ...web.map((d) => project(d, 'jsdom')),
  ],
  maxWorkers: 2,
  // Integration tests race twenty requests against real servers; on a loaded 2-core machine
  // Jest's 5 s default turned waiting into failures. Tests assert behaviour, not speed.
  testTimeout: 30_000,
};
