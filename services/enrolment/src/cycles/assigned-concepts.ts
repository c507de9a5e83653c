import { cycleHasAssignedConceptsRequest } from '@cuota/contracts/billing/requests';
import { RequestRefused, RequestUnanswered, requestReply } from '@cuota/messaging/request-reply';
import type { NatsConnection } from '@cuota/messaging/nats-connection';
import type { Namespace } from '@cuota/messaging/naming';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import type { CycleRow } from './cycle-repository';

const BILLING_TIMEOUT_MS = 2_000;

/**
 * Billing owns concepts and their assignments, so enrolment asks it (NATS request/reply).
 * When billing is down or not deployed the answer is unknown: a 503 the user can retry,
 * never a guess.
 */
export async function askAssignedConcepts(nc: NatsConnection, ns: Namespace, cycle: CycleRow) {
  try {
    const reply = await requestReply(
      nc,
      ns,
      cycleHasAssignedConceptsRequest,
      { school_id: cycle.schoolId, cycle_id: cycle.id },
      BILLING_TIMEOUT_MS,
    );
    return { cycle_id: cycle.id, ...reply };
  } catch (err) {
    if (err instanceof RequestUnanswered || err instanceof RequestRefused)
      throw new HttpError(
        503,
        'SERVICE_UNAVAILABLE',
        'No pudimos consultar cobranza para saber si el ciclo tiene conceptos asignados. Intenta de nuevo en unos minutos.',
      );
    throw err;
  }
}
