import net from 'node:net';
import type { Profile } from './profiles.ts';

interface Dependency {
  name: string;
  url: string;
  howToStart: string;
}

function dependencies(profile: Profile): Dependency[] {
  return [
    {
      name: 'PostgreSQL',
      url: profile.postgresUrl,
      howToStart: 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
    },
    {
      name: 'Redis',
      url: profile.redisUrl,
      howToStart:
        'redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log',
    },
    {
      name: 'NATS (JetStream)',
      url: profile.natsUrl,
      howToStart:
        'start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log',
    },
  ];
}

export function canConnect(host: string, port: number, timeoutMs = 1500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Fails with one message naming every missing server and the command that starts it. */
export async function checkInfrastructure(profile: Profile): Promise<void> {
  const missing: string[] = [];
  for (const dep of dependencies(profile)) {
    const url = new URL(dep.url);
    if (!(await canConnect(url.hostname, Number(url.port))))
      missing.push(
        `  ✗ ${dep.name} is not reachable at ${url.host}.\n    Start it with: ${dep.howToStart}`,
      );
  }
  if (missing.length) throw new Error(`Cuota needs these servers running:\n${missing.join('\n')}`);
}

/** Fails if another process (a previous `npm start`?) already holds one of our ports. */
export async function checkPortsFree(host: string, ports: number[]): Promise<void> {
  const taken = [];
  for (const port of ports) if (await canConnect(host, port, 500)) taken.push(port);
  if (taken.length)
    throw new Error(
      `Port(s) ${taken.join(', ')} already in use on ${host}. Is another \`npm start\` (or test run) still running?`,
    );
}
