import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';

/** Faults a test or a developer can ask for, to exercise the invoicing service's retries. */
const between = (field: string, min: number, max: number) => {
  const error = `${field} debe ser un entero entre ${min} y ${max}.`;
  return z.int({ error }).min(min, { error }).max(max, { error });
};

export const behaviourSchema = z.strictObject(
  {
    fail_next_stamps: between('fail_next_stamps', 0, 1000),
    fail_status: z.union([z.literal(500), z.literal(502), z.literal(503), z.literal(504)], {
      error: 'fail_status debe ser 500, 502, 503 o 504.',
    }),
    slow_next_stamps: between('slow_next_stamps', 0, 1000),
    slow_ms: between('slow_ms', 0, 120_000),
    lose_next_answers: between('lose_next_answers', 0, 1000),
    cancellation_delay_ms: between('cancellation_delay_ms', 0, 2_592_000_000),
    unknown_receptors: z.enum(['inscribed', 'not_listed'], {
      error: 'unknown_receptors debe ser inscribed o not_listed.',
    }),
  },
  {
    error:
      'Solo se admiten fail_next_stamps, fail_status, slow_next_stamps, slow_ms, lose_next_answers, cancellation_delay_ms y unknown_receptors.',
  },
);

export type Behaviour = z.infer<typeof behaviourSchema>;

/**
 * What a receptor RFC the stand-in was never told about is: `inscribed` (SAT's list holds
 * every taxpayer, so a family whose fiscal data was entered after the sandbox started stamps,
 * checked by SAT's rules that need no registry) or `not_listed` (CFDI40143).
 */
export type UnknownReceptors = Behaviour['unknown_receptors'];

/**
 * The PAC's front door down (5xx): answered as plain text, as a load balancer would, since
 * what SW answers then is not published. Callers must not rely on the body.
 */
export class ServiceDown extends Error {
  readonly status: number;

  constructor(status: number) {
    super('Servicio no disponible; intenta de nuevo en unos segundos.');
    this.status = status;
  }
}

export class SandboxBehaviour {
  private current: Behaviour;
  /** Stamps under way: a slow one's late answer would take faults asked for after it. */
  private underWay = new Set<Promise<unknown>>();

  constructor(cancellationDelayMs: number, unknownReceptors: UnknownReceptors) {
    this.current = {
      fail_next_stamps: 0,
      fail_status: 503,
      slow_next_stamps: 0,
      slow_ms: 0,
      lose_next_answers: 0,
      cancellation_delay_ms: cancellationDelayMs,
      unknown_receptors: unknownReceptors,
    };
  }

  get(): Behaviour {
    return { ...this.current };
  }

  update(changes: Partial<Behaviour>): Behaviour {
    this.current = { ...this.current, ...changes };
    return this.get();
  }

  /** Before each stamp: wait when asked to be slow, then fail when asked to. */
  async beforeStamp(): Promise<void> {
    if (this.current.slow_next_stamps > 0) {
      this.current.slow_next_stamps -= 1;
      await sleep(this.current.slow_ms);
    }
    if (this.current.fail_next_stamps > 0) {
      this.current.fail_next_stamps -= 1;
      throw new ServiceDown(this.current.fail_status);
    }
  }

  /** Runs one stamp, counted as under way until it has decided its answer. */
  async stamping<T>(work: () => Promise<T>): Promise<T> {
    const run = work();
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.underWay.add(settled);
    try {
      return await run;
    } finally {
      this.underWay.delete(settled);
    }
  }

  /** Resolves once every stamp under way has answered (or failed). */
  async quiet(): Promise<void> {
    await Promise.all(this.underWay);
  }

  /** After a stamp: whether to drop the connection instead of answering (the answer is lost). */
  loseAnswer(): boolean {
    if (this.current.lose_next_answers === 0) return false;
    this.current.lose_next_answers -= 1;
    return true;
  }
}
