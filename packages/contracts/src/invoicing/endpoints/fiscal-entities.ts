import { staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import {
  csdListSchema,
  fiscalEntitiesQuerySchema,
  fiscalEntityFormSchema,
  fiscalEntityListSchema,
  fiscalEntitySchema,
} from '../fiscal-entities';

const fiscal = { domain: 'invoicing' } as const;

export const listFiscalEntities = defineEndpoint({
  ...fiscal,
  name: 'invoicing.fiscal-entities.list',
  method: 'GET',
  path: '/api/v1/dashboard/schools/{id}/fiscal_entities/',
  surface: 'dashboard',
  access: staffOnly('invoicing.read'),
  summary: 'Razones sociales de la escuela, sus series y la vigencia de su CSD',
  spec: 'spec',
  params: uuidParams('id'),
  response: fiscalEntityListSchema,
});

/**
 * Registers a razón social with its CSD, or replaces one of the same RFC (a renewed CSD):
 * the pair, its validity and its RFC are checked before anything is stored (ADR 0037).
 */
export const saveFiscalEntity = defineEndpoint({
  ...fiscal,
  name: 'invoicing.fiscal-entities.save',
  method: 'POST',
  path: '/api/v1/dashboard/schools/{id}/fiscal_entities/',
  surface: 'dashboard',
  access: staffOnly('invoicing.write'),
  summary: 'Registrar una razón social con su CSD (.cer, .key y contraseña), o renovar su CSD',
  spec: {
    capability:
      'La especificación nombra las entidades fiscales y el CSD sin sus operaciones: una escuela necesita registrarlos para facturar.',
  },
  params: uuidParams('id'),
  body: fiscalEntityFormSchema,
  bodyType: 'multipart',
  response: fiscalEntitySchema,
});

export const backofficeFiscalEntities = defineEndpoint({
  ...fiscal,
  name: 'invoicing.fiscal-entities.backoffice',
  method: 'GET',
  path: '/backoffice/fiscal_entities/',
  surface: 'internal',
  access: staffOnly('invoicing.read'),
  summary: 'Entidades fiscales de una escuela (?school_id=)',
  spec: 'spec',
  query: fiscalEntitiesQuerySchema,
  response: fiscalEntityListSchema,
});

export const backofficeCsd = defineEndpoint({
  ...fiscal,
  name: 'invoicing.csd.backoffice',
  method: 'GET',
  path: '/backoffice/csd/',
  surface: 'internal',
  access: staffOnly('invoicing.read'),
  summary: 'Certificados de sello digital de una escuela y su vigencia (?school_id=)',
  spec: 'spec',
  query: fiscalEntitiesQuerySchema,
  response: csdListSchema,
});

export const FISCAL_ENTITY_ENDPOINTS = [
  listFiscalEntities,
  saveFiscalEntity,
  backofficeFiscalEntities,
  backofficeCsd,
] as const;
