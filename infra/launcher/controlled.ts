// The system under a test's control: started as a child process with an IPC channel,
// it reports what it started and stops, starts or rebuilds single parts on request.
import { runCommand } from '../lib/run-command.ts';
import { repoRoot } from '../lib/workspaces.ts';
import { startSystem, type System } from './system.ts';
import { PROFILES, type Profile } from './profiles.ts';
import { clearRedisKeys } from './reset-state.ts';

export type ControlRequest =
  | { id: number; type: 'stop-process' | 'start-process'; name: string }
  | { id: number; type: 'rebuild'; workspace: string; env: Record<string, string> }
  | { id: number; type: 'shutdown' };

export type ControlMessage =
  | { type: 'ready'; system: Pick<System, 'demo' | 'urls' | 'profile'> }
  | { type: 'failed'; message: string }
  | { type: 'done'; id: number; error?: string };

const send = (message: ControlMessage) => process.send?.(message);

async function handle(system: System, request: ControlRequest): Promise<void> {
  switch (request.type) {
    case 'stop-process':
      return system.supervisor.stop(request.name);
    case 'start-process':
      return system.supervisor.startAgain(request.name);
    case 'rebuild':
      await runCommand(
        request.workspace,
        'npm',
        ['run', 'build', '--silent', '-w', request.workspace],
        {
          cwd: repoRoot,
          env: request.env,
          quiet: true,
        },
      );
      return;
    case 'shutdown':
      await system.stop();
      process.exit(0);
  }
}

const profile = (process.argv[2] ?? 'e2e') as Profile['name'];
try {
  // Each journey file starts with no sessions and fresh rate-limit budgets (a code sent by
  // the previous file must not throttle this one); the seeded data carries over.
  if (profile !== 'dev') await clearRedisKeys(PROFILES[profile]);
  const system = await startSystem(profile, { echo: process.env.CUOTA_VERBOSE === '1' });
  process.on('message', (request: ControlRequest) => {
    handle(system, request).then(
      () => send({ type: 'done', id: request.id }),
      (err: Error) => send({ type: 'done', id: request.id, error: err.message }),
    );
  });
  process.on('disconnect', () => void system.stop().then(() => process.exit(0)));
  send({
    type: 'ready',
    system: { demo: system.demo, urls: system.urls, profile: system.profile },
  });
} catch (err) {
  send({ type: 'failed', message: (err as Error).message });
  process.exit(1);
}
