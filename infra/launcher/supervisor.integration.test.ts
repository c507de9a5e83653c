import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Supervisor, type ProcessSpec } from './supervisor.ts';

/**
 * Issue 9, finding 8: with the store remote killed, it stayed down until the whole system was
 * restarted. The supervisor now brings back a process that exits unexpectedly, and says so.
 */
let dir: string;
let supervisor: Supervisor;
let said: string[];

/** A tiny server that answers its pid, like any of the system's processes answers /readyz. */
const SERVER = `
import http from 'node:http';
http.createServer((_req, res) => res.end(String(process.pid)))
  .listen(Number(process.env.PORT), '127.0.0.1');
`;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function aProcess(name: string): Promise<ProcessSpec> {
  const port = await freePort();
  return {
    name,
    args: [path.join(dir, 'server.mjs')],
    cwd: dir,
    env: { PORT: String(port) },
    readyUrl: `http://127.0.0.1:${port}/`,
  };
}

const pidAnswered = (spec: ProcessSpec) =>
  fetch(spec.readyUrl).then(
    async (r) => Number(await r.text()),
    () => undefined,
  );

async function until<T>(check: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cuota-supervisor-'));
  fs.writeFileSync(path.join(dir, 'server.mjs'), SERVER);
  said = [];
  supervisor = new Supervisor(path.join(dir, 'logs'), false, {
    announce: (line) => said.push(line),
    backoffMs: [100, 200],
  });
});
afterEach(async () => {
  await supervisor.stopAll();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a process killed from outside comes back, and the console says so', async () => {
  const spec = await aProcess('mfe-store');
  await supervisor.start(spec);
  const first = supervisor.pid('mfe-store')!;
  expect(await pidAnswered(spec)).toBe(first);

  process.kill(first, 'SIGKILL');
  const second = await until(async () => {
    const pid = await pidAnswered(spec);
    return pid !== undefined && pid !== first ? pid : undefined;
  });
  expect(second).toBe(supervisor.pid('mfe-store'));
  expect(said[0]).toMatch(
    /^↻ mfe-store exited unexpectedly \(SIGKILL\); restarting in 100 ms \(attempt 1\)\. Its log: /,
  );
  await until(() => said.some((line) => line === '✓ mfe-store is back (attempt 1).'));
});

test('crashing again backs off longer', async () => {
  const spec = await aProcess('bff');
  await supervisor.start(spec);
  process.kill(supervisor.pid('bff')!, 'SIGKILL');
  await until(() => said.includes('✓ bff is back (attempt 1).'));
  process.kill(supervisor.pid('bff')!, 'SIGKILL');
  await until(() => said.includes('✓ bff is back (attempt 2).'));
  expect(said.filter((l) => l.startsWith('↻'))[1]).toMatch(/restarting in 200 ms \(attempt 2\)/);
});

test('a process stopped on purpose stays stopped', async () => {
  const spec = await aProcess('enrolment');
  await supervisor.start(spec);
  await supervisor.stop('enrolment');
  await new Promise((r) => setTimeout(r, 400));
  expect(await pidAnswered(spec)).toBeUndefined();
  expect(said).toEqual([]);
});
