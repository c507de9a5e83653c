import type { Express } from 'express';
import { schoolSignupSchema, SIGNUP_RECEIVED_MESSAGE } from '@cuota/contracts/enrolment/signup';
import type { ServiceContext } from '@cuota/service-host/service-host';
import { parseInput } from '@cuota/service-runtime/http/validate';
import { parseId } from '../access';
import type * as schema from '../schema';
import { requirePublicSchool } from '../schools/school-access';
import { signUpFamily } from './school-signup';

/** The store's sign-up form: anyone may write while the school is public (BFF rate-limits). */
export function signupRoutes(app: Express, ctx: ServiceContext<typeof schema>): void {
  app.post('/api/v1/schools/:id/signup/', async (req, res) => {
    const schoolId = parseId(req.params.id);
    await requirePublicSchool(ctx.db, schoolId);
    const input = parseInput(schoolSignupSchema, req.body);
    const registered = await ctx.db.transaction((tx) => signUpFamily(tx, schoolId, input));
    res.status(201).json({ message: SIGNUP_RECEIVED_MESSAGE, registered });
  });
}
