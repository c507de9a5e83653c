import type { Express } from 'express';
import { EDUCATION_LEVEL_LABELS } from '@cuota/contracts/enrolment/entities';
import { createLevelSchema, gradesOf } from '@cuota/contracts/enrolment/levels';
import type { ServiceContext } from '@cuota/service-host/service-host';
import { parseInput } from '@cuota/service-runtime/http/validate';
import { parseId, requirePermission } from '../access';
import type * as schema from '../schema';
import { requireSchoolReader } from '../schools/school-access';
import { createLevel } from './create-level';
import { levelsOfSchool, levelsWithSections, toLevel } from './level-queries';

export function levelRoutes(app: Express, ctx: ServiceContext<typeof schema>): void {
  const { db } = ctx;

  /** The level picker (store, portal, dashboard): anyone while the school is public. */
  app.get('/api/v1/schools/:id/levels/', async (req, res) => {
    const schoolId = parseId(req.params.id);
    await requireSchoolReader(db, res, schoolId, { visitors: true });
    const offered = await levelsOfSchool(db, schoolId);
    res.json(
      offered.map((l) => ({
        ...l,
        label: EDUCATION_LEVEL_LABELS[l.level],
        grades: gradesOf(l.level),
      })),
    );
  });

  app.post('/api/v1/schools/:id/levels/', async (req, res) => {
    const schoolId = parseId(req.params.id);
    requirePermission(res, schoolId, 'levels.write');
    const input = parseInput(createLevelSchema, req.body);
    const row = await db.transaction((tx) => createLevel(tx, schoolId, input));
    res.status(201).json(toLevel(row));
  });

  app.get('/api/v1/dashboard/schools/:id/levels/', async (req, res) => {
    const schoolId = parseId(req.params.id);
    requirePermission(res, schoolId, 'school.read');
    res.json(await levelsWithSections(db, schoolId));
  });
}
