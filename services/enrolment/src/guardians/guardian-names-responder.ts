import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { guardianNamesRequest } from '@cuota/contracts/enrolment/guardian-names';
import type { Namespace } from '@cuota/messaging/naming';
import { serveReplies } from '@cuota/messaging/request-reply';
import type { Executor } from '@cuota/messaging/transaction';
import { guardianNamesOf } from './guardian-names-repository';

/** Enrolment answers who a guardian id is, for copies that missed its events (ADR 0095). */
export const serveGuardianNames = (
  db: Executor,
  nc: NatsConnection,
  ns: Namespace,
  onError: (err: unknown) => void,
): Subscription =>
  serveReplies(nc, ns, guardianNamesRequest, (q) => guardianNamesOf(db, q.guardian_ids), onError);
