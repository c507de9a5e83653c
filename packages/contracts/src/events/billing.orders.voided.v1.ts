import { defineEvent } from '@cuota/contracts/events/event-envelope';
import { ordersBilledSchema } from './billing.orders.billed.v1';

/** Billing removed unpaid orders of a batch (a bill run undone): payments reverses them. */
export const ordersVoidedV1 = defineEvent('billing.orders.voided', ordersBilledSchema);
