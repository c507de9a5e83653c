import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { streamOf, subjectOf, type Namespace } from '../naming';
import { ensureStream } from '../streams';

/**
 * Events a consumer gave up on (its handler kept failing, or the message was unreadable)
 * are parked on the DEAD_LETTERS stream, one subject per consumer, so they stop holding
 * redeliveries but are never lost: an operator lists them, fixes the cause and replays them.
 */
export const DEAD_LETTER_STREAM = 'DEAD_LETTERS';

export interface DeadLetter {
  consumer: string;
  /** The event's id, when the message could be read as an event. */
  event_id: string | null;
  /** Where the event was published (without the namespace). */
  subject: string;
  /** The message exactly as it was delivered. */
  payload: string;
  error: string;
  deliveries: number;
  parked_at: string;
}

export interface ParkedEvent extends DeadLetter {
  /** Its sequence on the dead-letter stream: what `replay` takes. */
  seq: number;
}

const deadLetterSubject = (ns: Namespace, consumer: string) =>
  subjectOf(ns, `dead_letters.${consumer}`);

export async function parkEvent(
  nc: NatsConnection,
  ns: Namespace,
  letter: DeadLetter,
): Promise<void> {
  await ensureStream(nc, ns, DEAD_LETTER_STREAM);
  // One parking per consumer and event, however many times the consumer restarts.
  const msgID = `${letter.consumer}:${letter.event_id ?? letter.payload.length}:${letter.subject}`;
  await jetstream(nc).publish(deadLetterSubject(ns, letter.consumer), JSON.stringify(letter), {
    msgID,
  });
}

/** Every parked event (of one consumer, or all), oldest first. */
export async function listParkedEvents(
  nc: NatsConnection,
  ns: Namespace,
  consumer?: string,
): Promise<ParkedEvent[]> {
  const stream = await ensureStream(nc, ns, DEAD_LETTER_STREAM);
  const jsm = await jetstreamManager(nc);
  const { state } = await jsm.streams.info(stream);
  const parked: ParkedEvent[] = [];
  for (let seq = state.first_seq; state.messages > 0 && seq <= state.last_seq; seq++) {
    const stored = await jsm.streams.getMessage(stream, { seq }).catch(() => null);
    if (!stored) continue; // replayed (deleted) meanwhile
    const letter = stored.json<DeadLetter>();
    if (!consumer || letter.consumer === consumer) parked.push({ ...letter, seq });
  }
  return parked;
}

/**
 * Publishes a parked event again on its original subject (under a new message id, past
 * JetStream's duplicate window) and removes it from the dead-letter stream. Consumers that
 * already applied it skip it (their inbox); the one that parked it applies it now.
 */
export async function replayParkedEvent(
  nc: NatsConnection,
  ns: Namespace,
  seq: number,
): Promise<ParkedEvent> {
  const stream = await ensureStream(nc, ns, DEAD_LETTER_STREAM);
  const jsm = await jetstreamManager(nc);
  const stored = await jsm.streams.getMessage(stream, { seq });
  if (!stored) throw new Error(`No parked event at sequence ${seq}`);
  const letter = stored.json<DeadLetter>();
  await jetstream(nc).publish(subjectOf(ns, letter.subject), letter.payload, {
    msgID: `${letter.event_id ?? seq}:replay:${Date.now()}`,
  });
  await jsm.streams.deleteMessage(stream, seq);
  return { ...letter, seq };
}

/** How many events each of these consumers has parked and nobody replayed yet. */
export async function parkedCounts(
  nc: NatsConnection,
  ns: Namespace,
  consumers: string[],
): Promise<Map<string, number>> {
  const jsm = await jetstreamManager(nc);
  const info = await jsm.streams
    .info(streamOf(ns, DEAD_LETTER_STREAM), { subjects_filter: '>' })
    .catch(() => undefined); // nothing was ever parked: the stream does not exist yet
  const bySubject = info?.state.subjects ?? {};
  return new Map(consumers.map((c) => [c, bySubject[deadLetterSubject(ns, c)] ?? 0]));
}
