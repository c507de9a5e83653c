import { EDUCATION_LEVELS } from '@cuota/contracts/enrolment/entities';
import {
  backofficeCsd,
  backofficeFiscalEntities,
  listFiscalEntities,
  saveFiscalEntity as saveEndpoint,
} from '@cuota/contracts/invoicing/endpoints/fiscal-entities';
import type { FiscalEntityForm } from '@cuota/contracts/invoicing/fiscal-entities';
import { HttpError, badRequest } from '@cuota/service-runtime/http/http-error';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { CfdiError } from '../cfdi/cfdi-error';
import type { RegimenFiscal } from '../cfdi/sat-catalogs';
import type { InvoicingDb } from '../invoicing-db';
import type { SecretBox } from '../secrets/secret-box';
import { csdFilesOf, receiveCsdForm } from './csd-upload';
import { fiscalEntitiesOf } from './fiscal-entity-repository';
import type { FiscalEntityInput } from './fiscal-entity-rules';
import { fiscalEntityView } from './fiscal-entity-view';
import { saveFiscalEntity } from './save-fiscal-entity';

/**
 * The school's razones sociales and their CSD (ADR 0037 "fiscal setup"): staff list them
 * and register or renew one; the backoffice lists them by school. `box` seals the CSD's key
 * and password; without it (a service started without secrets) nothing can be registered.
 */
export function fiscalEntityHandlers(db: InvoicingDb, box: SecretBox | null, now: () => Date) {
  const listOf = async (schoolId: string) =>
    (await fiscalEntitiesOf(db, schoolId)).map((row) => fiscalEntityView(row, now()));
  return [
    implement(listFiscalEntities, async ({ params }) => ({ results: await listOf(params.id) })),

    implement(
      saveEndpoint,
      async ({ params, body, req }) => {
        if (!box)
          throw new HttpError(
            503,
            'SERVICE_UNAVAILABLE',
            'Facturación no puede guardar CSD ahora.',
          );
        const input = entityInputOf(body, csdFilesOf(req));
        try {
          const row = await db.transaction((tx) =>
            saveFiscalEntity(tx, box, params.id, input, now()),
          );
          return fiscalEntityView(row, now());
        } catch (error) {
          // A CSD that does not open, match or seal is the school's to fix: nothing was stored.
          if (error instanceof CfdiError) throw badRequest(error.message);
          throw error;
        }
      },
      { before: [receiveCsdForm] },
    ),

    implement(backofficeFiscalEntities, async (call) => {
      call.requireStaffOf(call.query.school_id);
      return { results: await listOf(call.query.school_id) };
    }),

    implement(backofficeCsd, async (call) => {
      call.requireStaffOf(call.query.school_id);
      const entities = await listOf(call.query.school_id);
      return {
        results: entities.map((e) => ({
          ...e.csd,
          fiscal_entity_id: e.id,
          rfc: e.rfc,
          legal_name: e.legal_name,
        })),
      };
    }),
  ];
}

function entityInputOf(
  form: FiscalEntityForm,
  files: { cer: Buffer; key: Buffer },
): FiscalEntityInput {
  const rvoe = Object.fromEntries(
    EDUCATION_LEVELS.flatMap((level) => {
      const value = form[`rvoe_${level}`];
      return value ? [[level, value]] : [];
    }),
  );
  return {
    issuer: {
      rfc: form.rfc,
      legalName: form.legal_name,
      regimenFiscal: form.regimen_fiscal as RegimenFiscal,
      postalCode: form.postal_code,
      rvoe,
    },
    series: form.series,
    levels: form.levels,
    ...(form.invoice_timing ? { invoiceTiming: form.invoice_timing } : {}),
    ...(form.publico_en_general ? { publicoEnGeneral: form.publico_en_general } : {}),
    csd: { ...files, password: form.password },
  };
}
