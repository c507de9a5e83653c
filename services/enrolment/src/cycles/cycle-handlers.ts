import {
  activateCycle as activateCycleEndpoint,
  checkCycleActivation,
  createCycle as createCycleEndpoint,
  cycleHasAssignedConcepts,
  getPortalCycle,
  getSchoolCycle,
  listCycles,
  listSchoolCycles,
  UNKNOWN_CYCLE,
} from '@cuota/contracts/enrolment/endpoints/cycles';
import type { AnyEndpoint } from '@cuota/contracts/http/endpoint';
import { implement, type Call } from '@cuota/service-runtime/http/endpoint-handlers';
import { notFound } from '@cuota/service-runtime/http/http-error';
import type { EnrolmentContext } from '../enrolment-db';
import { authorizeSchoolRead } from '../schools/school-access';
import { schoolRow } from '../schools/school-repository';
import { activateCycle } from './activate-cycle';
import { activationBlockersOf } from './activation-check';
import { askAssignedConcepts } from './assigned-concepts';
import { createCycle } from './create-cycle';
import { cycleById, cycleOfSchool, cyclesOfSchool, toCycle } from './cycle-repository';
import { mexicoCityDate } from '@cuota/service-runtime/time/mexico-city-date';

/** School cycles (ciclos escolares): dashboard, academic-coordinator and portal reads. */
export function cycleHandlers(ctx: EnrolmentContext) {
  const { db } = ctx;
  /** Whether a cycle has ended is judged by today in Mexico City (the clock tests pin). */
  const today = () => mexicoCityDate(ctx.config.now?.() ?? new Date());

  /** A cycle by id alone: its school decides who may read it (another school's: 404). */
  async function cycleOfCaller(call: Call<AnyEndpoint>, id: string) {
    const cycle = await cycleById(db, id);
    if (!cycle) throw notFound(UNKNOWN_CYCLE);
    call.requireStaffOf(cycle.schoolId, UNKNOWN_CYCLE);
    return cycle;
  }

  return [
    implement(listCycles, async ({ params }) => (await cyclesOfSchool(db, params.id)).map(toCycle)),

    implement(createCycleEndpoint, ({ params, body, once }) =>
      once(async (tx) => toCycle(await createCycle(tx, params.id, body))),
    ),

    /** What activation would say now (read without locks). */
    implement(checkCycleActivation, async ({ params }) => {
      const cycle = await cycleOfSchool(db, params.id, params.cycle);
      const { status } = await schoolRow(db, params.id);
      const reasons = await activationBlockersOf(db, cycle, status, today());
      return { can_activate: reasons.length === 0, reasons };
    }),

    implement(activateCycleEndpoint, async ({ params }) => {
      const done = await db.transaction((tx) =>
        activateCycle(tx, params.id, params.cycle, today()),
      );
      return { cycle: toCycle(done.cycle), closed_cycle: done.closed && toCycle(done.closed) };
    }),

    implement(listSchoolCycles, async ({ query }) =>
      (await cyclesOfSchool(db, query.school_id)).map(toCycle),
    ),

    implement(getSchoolCycle, async (call) => toCycle(await cycleOfCaller(call, call.params.id))),

    implement(cycleHasAssignedConcepts, async (call) =>
      askAssignedConcepts(ctx.nc, ctx.ns, await cycleOfCaller(call, call.params.id)),
    ),

    implement(getPortalCycle, async (call) => {
      const cycle = await cycleById(db, call.params.id);
      if (!cycle) throw notFound(UNKNOWN_CYCLE);
      await authorizeSchoolRead(db, call, cycle.schoolId, { unknown: UNKNOWN_CYCLE });
      return toCycle(cycle);
    }),
  ];
}
