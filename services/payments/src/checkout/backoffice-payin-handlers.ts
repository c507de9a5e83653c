import { membershipMayCall } from '@cuota/contracts/access/access';
import {
  assignTicketNumber as assignTicketNumberEndpoint,
  listBackofficePayins,
  redirectToPayin,
  syncPayins as syncPayinsEndpoint,
} from '@cuota/contracts/payments/endpoints/backoffice-payins';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { Reply } from '@cuota/service-runtime/http/reply';
import type { PaymentsDeps } from '../payments-deps';
import { payinAnswerById } from '../payins/payin-answer-repository';
import { assertMayRead } from '../payins/payin-access';
import { payinById } from '../payins/payin-repository';
import { payinViews } from '../payins/payin-views';
import { assignTicketNumber, syncPayins } from './backoffice-payins';

/** Operators' tools for card payins whose gateway answer was lost (ADR 0036). */
export function backofficePayinHandlers(deps: PaymentsDeps) {
  const views = payinViews(deps.db);
  return [
    implement(listBackofficePayins, async ({ query, caller }) => {
      const mine = caller.kind === 'staff' ? caller.memberships : [];
      const schoolIds = query.school_id
        ? [query.school_id]
        : mine
            .filter((m) => membershipMayCall(listBackofficePayins.access, m))
            .map((m) => m.school_id);
      return Reply.json(await views.schoolsListJson(schoolIds, query));
    }),
    implement(assignTicketNumberEndpoint, async ({ params, body, caller, requireStaffOf }) => {
      const payin = await payinById(deps.db, params.id);
      await assignTicketNumber(
        deps,
        await assertMayRead(deps.db, caller, payin, requireStaffOf),
        body.ticket_number,
      );
      return Reply.json((await payinAnswerById(deps.db, params.id))!.json);
    }),
    implement(syncPayinsEndpoint, ({ body, requireStaffOf }) => {
      requireStaffOf(body.school_id);
      return syncPayins(deps, body);
    }),
    implement(redirectToPayin, async ({ params }) => {
      const payin = await payinById(deps.db, params.id);
      if (!payin) throw notFound(redirectToPayin.notFound);
      return Reply.redirect(dashboardPayinPath(payin.id, payin.schoolId));
    }),
  ];
}

/** The dashboard's payment detail (mfe-dashboard's /dashboard/payments/:payinId) for its school. */
const dashboardPayinPath = (payinId: string, schoolId: string) =>
  `/dashboard/payments/${encodeURIComponent(payinId)}?school_id=${encodeURIComponent(schoolId)}`;
