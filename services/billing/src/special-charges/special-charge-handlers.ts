import {
  grantSpecialDiscount,
  grantSpecialOverCharge,
  listSpecialDiscounts,
  listSpecialOverCharges,
} from '@cuota/contracts/billing/endpoints/special-charges';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import type { BillingDb } from '../billing-db';
import { who } from '../orders/correct-order';
import { grantSpecialCharge } from './grant-special-charge';
import { specialChargesOfSchool } from './special-charge-repository';

export function specialChargeHandlers(db: BillingDb) {
  return [
    implement(listSpecialDiscounts, ({ params }) =>
      specialChargesOfSchool(db, params.id, 'discount'),
    ),
    implement(listSpecialOverCharges, ({ params }) =>
      specialChargesOfSchool(db, params.id, 'surcharge'),
    ),
    implement(grantSpecialDiscount, ({ params, body, caller, once }) =>
      once((tx) => grantSpecialCharge(tx, params.id, 'discount', body, who(caller, body.reason))),
    ),
    implement(grantSpecialOverCharge, ({ params, body, caller, once }) =>
      once((tx) => grantSpecialCharge(tx, params.id, 'surcharge', body, who(caller, body.reason))),
    ),
  ];
}
