/** Fiscal entities as the API shows them: never the sealed key nor its password. */
import type { FiscalEntity } from '@cuota/contracts/invoicing/fiscal-entities';
import type { FiscalEntityRow } from './fiscal-entity-repository';
import { csdSummaryOf } from './fiscal-entity-rules';

export function fiscalEntityView(row: FiscalEntityRow, now: Date): FiscalEntity {
  return {
    id: row.id,
    school_id: row.schoolId,
    rfc: row.rfc,
    legal_name: row.legalName,
    regimen_fiscal: row.regimenFiscal,
    postal_code: row.postalCode,
    series: row.series,
    next_folio: row.nextFolio,
    levels: row.levels,
    rvoe: row.rvoe,
    invoice_timing: row.invoiceTiming,
    publico_en_general: row.publicoEnGeneral,
    csd: csdSummaryOf(row.csdNoCertificado, row.csdValidTo, now),
  };
}
