import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** Jest globalSetup: every run of the journeys starts from empty e2e databases. */
export default function resetE2eState(): void {
  const root = path.resolve(__dirname, '../../..');
  execFileSync(process.execPath, ['infra/launcher/reset-state.ts', 'e2e'], {
    cwd: root,
    stdio: 'inherit',
  });
}
