import {
  createPreference as createDefinition,
  validatePreference as validateDefinition,
} from '@cuota/contracts/payments/endpoints/preferences';
import { forbidden } from '@cuota/service-runtime/http/http-error';
import { implement, REPLAYED_HEADER } from '@cuota/service-runtime/http/endpoint-handlers';
import { familyScope } from '../payins/payin-access';
import type { PaymentsDeps } from '../payments-deps';
import { createPreference } from './create-preference';
import { validatePreference } from './validate-preference';

export function preferenceHandlers(deps: PaymentsDeps) {
  return [
    implement(createDefinition, async (call) => {
      if (call.caller.kind !== 'guardian') throw forbidden();
      familyScope(call.caller, call.body.school_id); // another school's family: 404
      const { preference, replayed } = await createPreference(
        deps,
        call.caller.guardian_id,
        call.body,
        call.idempotencyKey!,
      );
      if (replayed) call.res.setHeader(REPLAYED_HEADER, 'true');
      return preference;
    }),

    implement(validateDefinition, async (call) => {
      if (call.caller.kind !== 'guardian') throw forbidden();
      return validatePreference(
        deps,
        call.caller.guardian_id,
        call.caller.school_ids,
        call.body.preference_id,
      );
    }),
  ];
}
