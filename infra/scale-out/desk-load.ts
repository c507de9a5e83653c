// The load the failure proofs run: cash payments recorded at the school's desk through the load
// balancer, each with its own Idempotency-Key and repeated with it until it is acknowledged, as
// the dashboard's desk does. What was acknowledged (2xx, with the payin's id) is what must
// survive any instance dying.
import crypto from 'node:crypto';

export interface DeskLoad {
  baseUrl: string;
  cookie: string;
  csrfToken: string;
  schoolId: string;
  studentIds: string[];
  payments: number;
  concurrency: number;
  /** Centavos per payment: small, so it is part of an order or credit left for the family. */
  amountCentavos: number;
  /** Called after each acknowledged payment with how many are acknowledged so far. */
  onAcknowledged?: (count: number) => void;
}

export interface DeskLoadResult {
  /** Idempotency-Key → the payin the acknowledgement named. */
  acknowledged: Map<string, string>;
  /** Attempts that got no acknowledgement (cut connection, 5xx) and were repeated. */
  repeated: number;
  /** Answers that refused a payment outright (4xx): none expected. */
  refused: string[];
  seconds: number;
}

const GIVE_UP_MS = 90_000;

export async function runDeskLoad(load: DeskLoad): Promise<DeskLoadResult> {
  const result: DeskLoadResult = { acknowledged: new Map(), repeated: 0, refused: [], seconds: 0 };
  const started = Date.now();
  let next = 0;
  const worker = async () => {
    while (next < load.payments) {
      const i = next++;
      const key = `scale-out-${crypto.randomUUID()}`;
      const payin = await payUntilAcknowledged(
        load,
        key,
        load.studentIds[i % load.studentIds.length]!,
        result,
      );
      if (payin) {
        result.acknowledged.set(key, payin);
        load.onAcknowledged?.(result.acknowledged.size);
      }
    }
  };
  await Promise.all(Array.from({ length: load.concurrency }, worker));
  result.seconds = (Date.now() - started) / 1000;
  return result;
}

async function payUntilAcknowledged(
  load: DeskLoad,
  key: string,
  studentId: string,
  result: DeskLoadResult,
): Promise<string | undefined> {
  const deadline = Date.now() + GIVE_UP_MS;
  for (;;) {
    const answer = await recordDeskPayment(load, key, studentId).catch((err: Error) => ({
      status: 0,
      text: err.message,
    }));
    if (answer.status >= 200 && answer.status < 300)
      return (JSON.parse(answer.text) as { id: string }).id;
    if (answer.status >= 400 && answer.status < 500) {
      result.refused.push(`${answer.status} ${answer.text.slice(0, 200)}`);
      return undefined;
    }
    if (Date.now() > deadline) throw new Error(`payment ${key} never acknowledged: ${answer.text}`);
    result.repeated++;
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function recordDeskPayment(load: DeskLoad, key: string, studentId: string) {
  const res = await fetch(
    new URL(`/api/v1/dashboard/schools/${load.schoolId}/payins/`, load.baseUrl),
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: load.cookie,
        'x-csrf-token': load.csrfToken,
        'idempotency-key': key,
      },
      body: JSON.stringify({
        student_id: studentId,
        amount_centavos: load.amountCentavos,
        method: 'cash',
        confirm_excess: true,
      }),
      signal: AbortSignal.timeout(30_000),
    },
  );
  return { status: res.status, text: await res.text() };
}
