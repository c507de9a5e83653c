import type { Executor } from '@cuota/messaging/transaction';
import { conflict } from '@cuota/service-runtime/http/http-error';
import type { OrderEdit } from '../orders/correct-order';
import { scholarshipOn } from '../orders/order-adjustment-rules';
import type { OrderForPayment } from '../orders/order-payment-repository';
import { newestScholarshipOf } from './scholarship-repository';

const NO_SCHOLARSHIP =
  'Este alumno no tiene una beca para este concepto; otórgala primero en Becas.';

/** force_scholarship: the student's newest scholarship for the concept, on this order's base. */
export async function forcedScholarship(tx: Executor, o: OrderForPayment): Promise<OrderEdit[]> {
  const s = await newestScholarshipOf(tx, o);
  if (!s) throw conflict(NO_SCHOLARSHIP);
  return [{ kind: 'scholarship_forced', scholarshipCentavos: scholarshipOn(o, s) }];
}
