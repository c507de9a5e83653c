import { familyOrStaff } from '../../access/access';
import { defineEndpoint, type AnyEndpoint } from '../../http/endpoint';
import { verifyGuardiansRequestSchema, verifyGuardiansResultSchema } from '../../bff/guardian-rpc';
import { FISCAL_ENTITY_ENDPOINTS } from './fiscal-entities';
import { INVOICE_ENDPOINTS } from './invoices';
import { SAT_CATALOG_ENDPOINTS } from './sat-catalogs';

/** Spec §5: whether each billing guardian's RFC verifies (ADR 0006). */
export const verifyGuardians = defineEndpoint({
  name: 'invoicing.guardians.verify',
  method: 'POST',
  path: '/api/v1/guardians/verify_guardians/',
  domain: 'invoicing',
  surface: 'portal',
  access: familyOrStaff('member'),
  summary: 'Validez del RFC de los tutores que facturan',
  spec: 'spec',
  body: verifyGuardiansRequestSchema,
  response: verifyGuardiansResultSchema,
});

export const INVOICING_ENDPOINTS: readonly AnyEndpoint[] = [
  verifyGuardians,
  ...INVOICE_ENDPOINTS,
  ...FISCAL_ENTITY_ENDPOINTS,
  ...SAT_CATALOG_ENDPOINTS,
];
