import { validateBilling } from '@cuota/contracts/invoicing/endpoints/invoicing-endpoints';
import { grants } from '@cuota/contracts/access/permissions';
import { forbidden, notFound } from '@cuota/service-runtime/http/http-error';
import { NO_GRANT_MESSAGE, implement } from '@cuota/service-runtime/http/endpoint-handlers';
import type { InvoicingDb } from '../invoicing-db';
import { checkBillingData, type BillingData } from './billing-validation-rules';
import { fiscalGuardianById, type FiscalGuardianRow } from './fiscal-guardian-repository';

/** What the guardian has on file, as the fields the request names. */
const savedData = (row: FiscalGuardianRow | undefined): BillingData => ({
  billing_name: row?.billingName ?? null,
  tax_id: row?.taxId ?? null,
  tax_regime: row?.taxRegime ?? null,
  tax_zip_code: row?.taxZipCode ?? null,
});

/**
 * `validate_billing`: a family checks its own data (even before enrolment's copy reaches
 * invoicing); staff check a guardian of their school, with `invoicing.read` there (without it,
 * a 403). Another family's or another school's guardian is a 404, so the answer never says
 * whether a guardian exists elsewhere.
 */
export function validateBillingHandlers(db: InvoicingDb) {
  return [
    implement(validateBilling, async ({ params, body, caller }) => {
      const row = await fiscalGuardianById(db, params.id);
      if (caller.kind === 'guardian' && caller.guardian_id !== params.id)
        throw notFound(validateBilling.notFound);
      if (caller.kind === 'staff') {
        const shared = caller.memberships.filter((m) => row?.schoolIds.includes(m.school_id));
        if (!shared.length) throw notFound(validateBilling.notFound);
        if (!shared.some((m) => grants(m, 'invoicing.read'))) throw forbidden(NO_GRANT_MESSAGE);
      }
      // A field the family did not send is checked as saved.
      const typed = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
      const check = checkBillingData({ ...savedData(row), ...typed });
      return {
        guardian_id: params.id,
        valid: check.valid,
        errors: check.errors,
        warnings: check.warnings,
        cfdi_uses: check.cfdiUses,
      };
    }),
  ];
}
