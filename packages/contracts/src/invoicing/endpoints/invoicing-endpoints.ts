import { familyOrStaff } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams, type AnyEndpoint } from '@cuota/contracts/http/endpoint';
import { billingValidationRequestSchema, billingValidationSchema } from '../billing-validation';
import { verifyGuardiansRequestSchema, verifyGuardiansResultSchema } from '../../bff/guardian-rpc';
import { BACKOFFICE_INVOICING_ENDPOINTS } from './backoffice-invoicing';
import { FISCAL_ENTITY_ENDPOINTS } from './fiscal-entities';
import { INVOICE_ENDPOINTS } from './invoices';
import { INVOICING_TODO_ENDPOINTS } from './invoicing-todo';
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

/**
 * A family's fiscal data checked before it is saved: RFC shape, date and check digit, régimen
 * for the RFC's person type, postal code, UsoCFDI for the régimen; each field's problem in
 * Spanish. The family asks about itself; staff with `invoicing.read` about a guardian of their
 * school (another's is a 404).
 */
export const validateBilling = defineEndpoint({
  name: 'invoicing.guardians.validate-billing',
  method: 'POST',
  path: '/api/v1/guardians/{id}/validate_billing/',
  domain: 'invoicing',
  surface: 'portal',
  access: familyOrStaff('invoicing.read'),
  summary: 'Validar los datos de facturación del tutor',
  spec: 'spec',
  params: uuidParams('id'),
  body: billingValidationRequestSchema,
  response: billingValidationSchema,
  notFound: 'No encontramos a este tutor.',
});

export const INVOICING_ENDPOINTS: readonly AnyEndpoint[] = [
  verifyGuardians,
  validateBilling,
  ...INVOICE_ENDPOINTS,
  ...BACKOFFICE_INVOICING_ENDPOINTS,
  ...FISCAL_ENTITY_ENDPOINTS,
  ...SAT_CATALOG_ENDPOINTS,
  ...INVOICING_TODO_ENDPOINTS,
];
