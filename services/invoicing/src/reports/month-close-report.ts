import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { invoicingCloseRequest } from '@cuota/contracts/billing/month-close-report';
import type { Namespace } from '@cuota/messaging/naming';
import { serveReplies } from '@cuota/messaging/request-reply';
import type { Executor } from '@cuota/messaging/transaction';
import { invoicingClose } from './month-close-report-repository';

/** Invoicing answers billing's month close with its CFDI of the month (ADR 0076). */
export const serveInvoicingClose = (
  db: Executor,
  nc: NatsConnection,
  ns: Namespace,
  onError: (err: unknown) => void,
): Subscription =>
  serveReplies(nc, ns, invoicingCloseRequest, (range) => invoicingClose(db, range), onError);
