import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { ControlMessage, ControlRequest } from '@cuota/infra/launcher/controlled.ts';
import type { System } from '@cuota/infra/launcher/system.ts';

export const repoRoot = path.resolve(__dirname, '../../..');

type Info = Pick<System, 'demo' | 'urls' | 'profile'>;
type Request = ControlRequest extends infer R
  ? R extends { id: number }
    ? Omit<R, 'id'>
    : never
  : never;

export interface SystemUnderTest extends Info {
  control: (request: Request) => Promise<void>;
  shutdown: () => Promise<void>;
}

/** Starts the whole system (launcher, e2e profile) in a child process we can steer. */
export function startSystemUnderTest(): Promise<SystemUnderTest> {
  const child = fork(path.join(repoRoot, 'infra/launcher/controlled.ts'), ['e2e'], {
    cwd: repoRoot,
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`the system exited while starting (code ${code})`)),
    );
    child.on('message', (message: ControlMessage) => {
      if (message.type === 'failed') reject(new Error(message.message));
      if (message.type === 'ready') resolve(steer(child, message.system));
    });
  });
}

function steer(child: ChildProcess, info: Info): SystemUnderTest {
  let nextId = 1;
  const pending = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  child.removeAllListeners('exit');
  child.on('message', (message: ControlMessage) => {
    if (message.type !== 'done') return;
    const waiter = pending.get(message.id);
    pending.delete(message.id);
    if (message.error) waiter?.reject(new Error(message.error));
    else waiter?.resolve();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    ...info,
    control: (request) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        child.send({ ...request, id });
      }),
    shutdown: async () => {
      if (child.connected) child.send({ type: 'shutdown', id: 0 });
      await exited;
    },
  };
}
