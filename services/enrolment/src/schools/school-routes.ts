import type { Express } from 'express';
import { eq } from 'drizzle-orm';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { identityOf } from '@cuota/service-runtime/http/require-identity';
import { parseId } from '../access';
import type { EnrolmentDb } from '../enrolment-db';
import { schoolsOfGuardian } from '../guardians/guardian-directory';
import { levels, schools } from '../schema';

const UNKNOWN_SCHOOL = 'No encontramos esta escuela.';

export function schoolRoutes(app: Express, db: EnrolmentDb): void {
  /** Staff of the school, or a guardian with a dependent there. */
  app.get('/api/v1/schools/:id/', async (req, res) => {
    const id = parseId(req.params.id);
    if (!(await maySeeSchool(db, identityOf(res), id))) throw notFound(UNKNOWN_SCHOOL);
    const [school] = await db.select().from(schools).where(eq(schools.id, id));
    if (!school) throw notFound(UNKNOWN_SCHOOL);
    const offered = await db
      .select({ id: levels.id, level: levels.level, name: levels.name })
      .from(levels)
      .where(eq(levels.schoolId, id))
      .orderBy(levels.position);
    res.json({
      id: school.id,
      name: school.name,
      kind: school.kind,
      status: school.status,
      config_dashboard: school.configDashboard,
      legal_name: school.legalName,
      tax_id: school.taxId,
      contact_email: school.contactEmail,
      contact_phone: school.contactPhone,
      levels: offered,
    });
  });
}

async function maySeeSchool(
  db: EnrolmentDb,
  identity: ReturnType<typeof identityOf>,
  schoolId: string,
): Promise<boolean> {
  if (identity.kind === 'staff') return identity.memberships.some((m) => m.school_id === schoolId);
  if (identity.kind === 'guardian')
    return (await schoolsOfGuardian(db, identity.guardian_id)).some((s) => s.id === schoolId);
  return false;
}
