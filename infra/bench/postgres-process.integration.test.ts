import fs from 'node:fs';
import { POSTGRES_URL } from '../../packages/testing/src/environment.ts';
import { postmasterPid } from './postgres-process.ts';

describe('postmasterPid', () => {
  it('finds the local server process that every backend is a child of', async () => {
    const pid = await postmasterPid(`${POSTGRES_URL}/postgres`);
    expect(pid).toBeGreaterThan(1);
    // The postmaster's command line names the server binary (its backends' name themselves).
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    expect(cmdline).toMatch(/postgres/);
    expect(cmdline).not.toMatch(/^postgres: /);
  });
});
