import { z } from 'zod';
import { schoolKindSchema, schoolStatusSchema } from '@cuota/contracts/enrolment/entities';
import { defineEvent } from '@cuota/contracts/events/event-envelope';

/**
 * A school's data or configuration changed. Payments reads the sandbox switch and the
 * credentials reference; the fiscal fields are published for invoicing, which keeps its
 * issuers in its own fiscal entities today and does not consume this yet.
 */
export const schoolUpdatedV1 = defineEvent(
  'enrolment.school.updated',
  z.object({
    school_id: z.string(),
    name: z.string(),
    kind: schoolKindSchema,
    status: schoolStatusSchema,
    use_kushki_sandbox: z.boolean(),
    gateway_credentials_ref: z.string().nullable(),
    legal_name: z.string().nullable(),
    tax_id: z.string().nullable(),
    tax_regime: z.string().nullable(),
    tax_zip_code: z.string().nullable(),
  }),
);
