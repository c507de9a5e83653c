import { connectNats } from './nats-connection';
import { listParkedEvents, replayParkedEvent } from './consumer/dead-letters';

/**
 * `npm run dead-letters -- list [consumer]` and `npm run dead-letters -- replay <seq>`:
 * the events consumers parked after their handlers kept failing. NATS_URL and NATS_PREFIX
 * choose the system (`npm start` uses the empty prefix, the browser journeys `e2e`).
 */
async function main(): Promise<void> {
  const [command, arg] = process.argv.slice(2);
  const nc = await connectNats(process.env.NATS_URL ?? 'nats://127.0.0.1:4222', 'dead-letters');
  const ns = { prefix: process.env.NATS_PREFIX ?? '' };
  try {
    if (command === 'list') {
      const parked = await listParkedEvents(nc, ns, arg);
      if (!parked.length) console.log('No hay eventos estacionados.');
      for (const p of parked)
        console.log(
          `#${p.seq}  ${p.parked_at}  ${p.consumer}  ${p.subject}  evento ${p.event_id ?? '—'}  ` +
            `${p.deliveries} intentos\n      ${p.error}`,
        );
    } else if (command === 'replay' && arg && /^\d+$/.test(arg)) {
      const replayed = await replayParkedEvent(nc, ns, Number(arg));
      console.log(`Reenviado #${replayed.seq} (${replayed.subject}, evento ${replayed.event_id}).`);
    } else {
      console.error('uso: npm run dead-letters -- list [consumidor] | replay <secuencia>');
      process.exitCode = 2;
    }
  } finally {
    await nc.drain();
  }
}

void main();
