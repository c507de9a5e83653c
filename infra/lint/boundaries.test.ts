import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = path.resolve(__dirname, '../..');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/**
 * Writes a file that breaks one boundary, runs the same dependency-cruiser check as
 * `npm run lint` on it, and returns what it reported; the file is removed afterwards.
 */
async function violationsOf(file: string, source: string): Promise<Violation[]> {
  const absolute = path.join(root, file);
  fs.writeFileSync(absolute, source);
  try {
    const { stdout } = await run(
      process.execPath,
      [
        path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs'),
        file,
        '--config',
        '.dependency-cruiser.cjs',
        '--output-type',
        'json',
      ],
      { cwd: root, maxBuffer: 64 * 1024 * 1024 },
    ).catch((err: { stdout: string }) => ({ stdout: err.stdout }));
    return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
  } finally {
    fs.rmSync(absolute, { force: true });
  }
}

const rulesBroken = (violations: Violation[]) => [...new Set(violations.map((v) => v.rule.name))];

// Each probe crawls its whole import tree: over a minute on a loaded two-core CI machine.
jest.setTimeout(240_000);

test('a feature importing another feature of its remote is refused', async () => {
  const found = await violationsOf(
    'mfe-dashboard/src/features/levels/zz-boundary-probe.ts',
    "export { useStudentListQuery } from '../students/api/students-api';\n",
  );
  expect(rulesBroken(found)).toContain('cross-feature');
});

test('a remote importing a service, or a service importing another, is refused', async () => {
  const remote = await violationsOf(
    'mfe-portal/src/zz-boundary-probe.ts',
    "export * from '../../services/billing/src/schema';\n",
  );
  expect(rulesBroken(remote)).toContain('remote-to-backend');
  const service = await violationsOf(
    'services/payments/src/zz-boundary-probe.ts',
    "export * from '../../billing/src/schema';\n",
  );
  expect(rulesBroken(service)).toContain('service-to-other-service');
});

test('a use case importing Drizzle, or a rules file importing Express, is refused', async () => {
  const useCase = await violationsOf(
    'services/enrolment/src/levels/zz-boundary-probe.ts',
    "export { eq } from 'drizzle-orm';\n",
  );
  expect(rulesBroken(useCase)).toContain('database-outside-repositories');
  const readModel = await violationsOf(
    'packages/student-directory/src/zz-boundary-probe.ts',
    "export { eq } from 'drizzle-orm';\n",
  );
  expect(rulesBroken(readModel)).toContain('database-outside-repositories');
  const rules = await violationsOf(
    'services/enrolment/src/levels/zz-probe-rules.ts',
    "export type { Request } from 'express';\n",
  );
  expect(rulesBroken(rules)).toContain('rules-to-infrastructure');
});

test('planned rows read anywhere but the OpenAPI document, the 501 and the spec check are refused', async () => {
  const found = await violationsOf(
    'services/billing/src/zz-boundary-probe.ts',
    "export { BILLING_PLANNED_ROWS } from '@cuota/contracts/billing/planned-rows';\n",
  );
  expect(rulesBroken(found)).toContain('planned-rows-readers');
  const allowed = await violationsOf(
    'bff/src/openapi/zz-probe.test.ts',
    "export { ALL_PLANNED_ROWS } from '@cuota/contracts/http/all-planned-rows';\n",
  );
  expect(rulesBroken(allowed)).not.toContain('planned-rows-readers');
});

test('a use case enqueuing an event itself is refused; its repository may', async () => {
  const enqueue = "export { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';\n";
  const useCase = await violationsOf('services/billing/src/bill-runs/zz-probe-bill.ts', enqueue);
  expect(rulesBroken(useCase)).toContain('events-outside-repositories');
  const repository = await violationsOf(
    'services/billing/src/bill-runs/zz-probe-repository.ts',
    enqueue,
  );
  expect(rulesBroken(repository)).not.toContain('events-outside-repositories');
});
