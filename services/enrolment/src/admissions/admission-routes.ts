import type { Express } from 'express';
import type { ServiceContext } from '@cuota/service-host/service-host';
import type * as schema from '../schema';
import { admissionGuardianRoutes } from './admission-guardian-routes';
import { inscriptionRoutes } from './inscription-routes';
import { leadRoutes } from './lead-routes';
import { signupRoutes } from './signup-routes';

/** Admissions (spec "v1 admissions"): lead (staff or the family's own sign-up) → applicant → inscribed. */
export function admissionRoutes(app: Express, ctx: ServiceContext<typeof schema>): void {
  leadRoutes(app, ctx);
  admissionGuardianRoutes(app, ctx);
  inscriptionRoutes(app, ctx);
  signupRoutes(app, ctx);
}
