import type { Express } from 'express';
import { EDUCATION_LEVEL_LABELS } from '@cuota/contracts/enrolment/entities';
import { createLevelSchema, gradesOf, updateLevelSchema } from '@cuota/contracts/enrolment/levels';
import type { ServiceContext } from '@cuota/service-host/service-host';
import { parseInput } from '@cuota/service-runtime/http/validate';
import { parseId, requirePermission } from '../access';
import type * as schema from '../schema';
import { requireSchoolReader } from '../schools/school-access';
import { createLevel } from './create-level';
import { deleteLevel } from './delete-level';
import { levelsOfSchool, levelsWithSections, toLevel } from './level-queries';
import { updateLevel } from './update-level';

export function levelRoutes(app: Express, ctx: ServiceContext<typeof schema>): void {
  const { db } = ctx;

  /**
   * The level picker (store, portal): anyone while the school is public; inactive levels
   * are left out (the dashboard's list shows them).
   */
  app.get('/api/v1/schools/:id/levels/', async (req, res) => {
    const schoolId = parseId(req.params.id);
    await requireSchoolReader(db, res, schoolId, { visitors: true });
    const offered = await levelsOfSchool(db, schoolId, { activeOnly: true });
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

  /** Rename, move (`position`: index in the school's list) or (de)activate a level. */
  app.patch('/api/v1/schools/:id/levels/:level/', async (req, res) => {
    const schoolId = parseId(req.params.id);
    requirePermission(res, schoolId, 'levels.write');
    const levelId = parseId(req.params.level);
    const input = parseInput(updateLevelSchema, req.body);
    const row = await db.transaction((tx) => updateLevel(tx, schoolId, levelId, input));
    res.json(toLevel(row));
  });

  /** The school stops offering a level: 409 naming what blocks it while it has students. */
  app.delete('/api/v1/schools/:id/levels/:level/', async (req, res) => {
    const schoolId = parseId(req.params.id);
    requirePermission(res, schoolId, 'levels.write');
    const levelId = parseId(req.params.level);
    await db.transaction((tx) => deleteLevel(tx, schoolId, levelId));
    res.status(204).end();
  });

  app.get('/api/v1/dashboard/schools/:id/levels/', async (req, res) => {
    const schoolId = parseId(req.params.id);
    requirePermission(res, schoolId, 'school.read');
    res.json(await levelsWithSections(db, schoolId));
  });
}
