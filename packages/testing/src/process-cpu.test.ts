import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpuMs, treeCpuMs } from './process-cpu';

/** A child that works ~300 ms of CPU (whatever the machine's load), then idles until killed. */
const BUSY = `while (process.cpuUsage().user < 300_000);
  process.stdout.write('done');
  setInterval(() => {}, 1000);`;

test("a process tree counts its children's CPU time, the live ones and the ended ones", async () => {
  const tree = treeCpuMs(process.pid);
  const own = cpuMs(process.pid);
  const child = spawn(process.execPath, ['-e', BUSY]);
  await once(child.stdout, 'data');
  const childOwn = cpuMs(child.pid);
  const whileAlive = treeCpuMs(process.pid) - tree - (cpuMs(process.pid) - own);
  child.kill();
  await once(child, 'exit');
  const afterEnded = treeCpuMs(process.pid) - tree - (cpuMs(process.pid) - own);
  // The child's own time, not ours: what we spent meanwhile is taken out and varies with load.
  expect(childOwn).toBeGreaterThanOrEqual(300);
  expect(whileAlive).toBeGreaterThanOrEqual(childOwn);
  expect(afterEnded).toBeGreaterThanOrEqual(whileAlive);
});

test('a process that is gone has used nothing', () => {
  expect(treeCpuMs(2 ** 22 + 1)).toBe(0);
  expect(cpuMs(undefined)).toBe(0);
});
