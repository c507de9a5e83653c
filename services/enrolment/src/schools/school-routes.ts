import type { Express, Response } from 'express';
import { asc, eq } from 'drizzle-orm';
import { schoolConfigSchema, updateSchoolSchema } from '@cuota/contracts/enrolment/schools';
import type { ServiceContext } from '@cuota/service-host/service-host';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { parseInput } from '@cuota/service-runtime/http/validate';
import { parseId, requirePermission } from '../access';
import type * as schema from '../schema';
import { schoolAttributes, schoolLogos } from '../schema';
import { sendImage } from '../uploads/uploaded-images';
import { readSchoolForm } from './logo-upload';
import { requireSchoolReader, UNKNOWN_SCHOOL } from './school-access';
import { schoolDetail } from './school-profile';
import { updateSchool, updateSchoolConfig } from './update-school';

export function schoolRoutes(app: Express, ctx: ServiceContext<typeof schema>): void {
  const { db } = ctx;

  async function answerSchool(res: Response, id: string) {
    const school = await schoolDetail(db, id);
    if (!school) throw notFound(UNKNOWN_SCHOOL);
    res.json(school);
  }

  /** Staff of the school, or a guardian with a dependent there. */
  app.get('/api/v1/schools/:id/', async (req, res) => {
    const id = parseId(req.params.id);
    await requireSchoolReader(db, res, id);
    await answerSchool(res, id);
  });

  app.get('/api/v1/schools/:id/logo/', async (req, res) => {
    const id = parseId(req.params.id);
    await requireSchoolReader(db, res, id, { visitors: true });
    const [logo] = await db.select().from(schoolLogos).where(eq(schoolLogos.schoolId, id));
    if (!logo || !(await sendImage(db, res, logo.imageId)))
      throw notFound('Esta escuela aún no tiene logo.');
  });

  /** The school form: multipart (fields plus an optional `logo` file) or plain JSON. */
  app.patch('/api/v1/dashboard/schools/:id/', async (req, res) => {
    const id = parseId(req.params.id);
    requirePermission(res, id, 'school.write');
    const logo = await readSchoolForm(req, res);
    const input = parseInput(updateSchoolSchema, { ...req.body });
    await db.transaction((tx) => updateSchool(tx, id, input, logo));
    await answerSchool(res, id);
  });

  /** Configuration: kind, status (transition table), dashboard config, gateway reference. */
  app.put('/backoffice/school_configs/:id/', async (req, res) => {
    const id = parseId(req.params.id);
    requirePermission(res, id, 'school.write');
    const config = parseInput(schoolConfigSchema, req.body);
    await db.transaction((tx) => updateSchoolConfig(tx, id, config));
    await answerSchool(res, id);
  });

  app.get('/api/v1/dashboard/schools/:id/attributes/', async (req, res) => {
    const id = parseId(req.params.id);
    requirePermission(res, id, 'school.read');
    const rows = await db
      .select({ name: schoolAttributes.name, enabled: schoolAttributes.enabled })
      .from(schoolAttributes)
      .where(eq(schoolAttributes.schoolId, id))
      .orderBy(asc(schoolAttributes.name));
    res.json(rows);
  });
}
