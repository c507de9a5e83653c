import type { SchoolDetail } from '@cuota/contracts/enrolment/schools';

/** What GET /api/v1/schools/{id}/ answers for a school with nothing filled in yet. */
export const schoolDetail = (changes: Partial<SchoolDetail> = {}): SchoolDetail => ({
  id: 'school-1',
  name: 'Colegio Montessori del Valle',
  kind: 'k12',
  status: 'operando',
  config_dashboard: { use_kushki_sandbox: false },
  gateway_credentials: { reference: null },
  legal_name: null,
  tax_id: null,
  tax_regime: null,
  tax_zip_code: null,
  contact_email: null,
  contact_phone: null,
  address: null,
  logo_url: null,
  levels: [],
  ...changes,
});
