import type { Express } from 'express';
import { createCycleSchema, cycleListQuerySchema } from '@cuota/contracts/enrolment/cycles';
import type { ServiceContext } from '@cuota/service-host/service-host';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { parseInput } from '@cuota/service-runtime/http/validate';
import { parseId, requirePermission } from '../access';
import type * as schema from '../schema';
import { requireSchoolReader } from '../schools/school-access';
import { activationBlockers, todayInMexico } from './activation-check';
import { activateCycle } from './activate-cycle';
import { askAssignedConcepts } from './assigned-concepts';
import { createCycle } from './create-cycle';
import { cycleById, cycleOfSchool, listCycles, toCycle, UNKNOWN_CYCLE } from './cycle-queries';

/** School cycles (ciclos escolares): dashboard, academic-coordinator and portal reads. */
export function cycleRoutes(app: Express, ctx: ServiceContext<typeof schema>): void {
  const { db } = ctx;
  const dashboard = '/api/v1/dashboard/schools/:id/cycles/';
  /** Whether a cycle has ended is judged by today in Mexico City (the clock tests pin). */
  const today = () => todayInMexico(ctx.config.now?.() ?? new Date());

  app.get(dashboard, async (req, res) => {
    const schoolId = parseId(req.params.id);
    requirePermission(res, schoolId, 'school.read');
    res.json(await listCycles(db, schoolId));
  });

  app.post(dashboard, async (req, res) => {
    const schoolId = parseId(req.params.id);
    requirePermission(res, schoolId, 'cycles.write');
    const input = parseInput(createCycleSchema, req.body);
    const row = await db.transaction((tx) => createCycle(tx, schoolId, input));
    res.status(201).json(toCycle(row));
  });

  app.get(`${dashboard}:cycle/validate_activate/`, async (req, res) => {
    const schoolId = parseId(req.params.id);
    requirePermission(res, schoolId, 'school.read');
    const cycle = await cycleOfSchool(db, schoolId, parseId(req.params.cycle));
    const reasons = await activationBlockers(db, cycle, today());
    res.json({ can_activate: reasons.length === 0, reasons });
  });

  app.post(`${dashboard}:cycle/activate/`, async (req, res) => {
    const schoolId = parseId(req.params.id);
    requirePermission(res, schoolId, 'cycles.write');
    const cycleId = parseId(req.params.cycle);
    const done = await db.transaction((tx) => activateCycle(tx, schoolId, cycleId, today()));
    res.json({ cycle: toCycle(done.cycle), closed_cycle: done.closed && toCycle(done.closed) });
  });

  app.get('/academic-coordinator/school_cycles/', async (req, res) => {
    const { school_id } = parseInput(cycleListQuerySchema, req.query, 'query');
    requirePermission(res, school_id, 'school.read');
    res.json(await listCycles(db, school_id));
  });

  /** A cycle by id alone: its school decides who may read it (another school: 404). */
  async function readableCycle(id: string | undefined) {
    const cycle = await cycleById(db, parseId(id));
    if (!cycle) throw notFound(UNKNOWN_CYCLE);
    return cycle;
  }

  app.get('/academic-coordinator/school_cycles/:id/', async (req, res) => {
    const cycle = await readableCycle(req.params.id);
    requirePermission(res, cycle.schoolId, 'school.read', UNKNOWN_CYCLE);
    res.json(toCycle(cycle));
  });

  app.get('/academic-coordinator/school_cycles/:id/has_assigned_concepts/', async (req, res) => {
    const cycle = await readableCycle(req.params.id);
    requirePermission(res, cycle.schoolId, 'school.read', UNKNOWN_CYCLE);
    res.json(await askAssignedConcepts(ctx.nc, ctx.ns, cycle));
  });

  /** Portal: a guardian of the school (or its staff) reads a cycle's name and dates. */
  app.get('/api/v2/schools/school_cycle/:id/', async (req, res) => {
    const cycle = await readableCycle(req.params.id);
    await requireSchoolReader(db, res, cycle.schoolId);
    res.json(toCycle(cycle));
  });
}
