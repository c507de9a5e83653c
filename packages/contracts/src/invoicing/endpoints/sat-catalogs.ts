import { staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint } from '@cuota/contracts/http/endpoint';
import { productKeyListSchema, satCatalogQuerySchema, taxUnitListSchema } from '../sat-catalogs';

const catalogs = { domain: 'invoicing', surface: 'dashboard', spec: 'spec' } as const;

/** The same for every school: the SAT keys Cuota invoices school concepts with. */
export const listProductKeys = defineEndpoint({
  ...catalogs,
  name: 'invoicing.product-keys.list',
  method: 'GET',
  path: '/api/v1/dashboard/product_keys/',
  access: staffOnly('invoicing.read'),
  summary: 'Claves de producto o servicio del SAT (c_ClaveProdServ) que usa Cuota, con búsqueda',
  query: satCatalogQuerySchema,
  response: productKeyListSchema,
});

export const listTaxUnits = defineEndpoint({
  ...catalogs,
  name: 'invoicing.tax-units.list',
  method: 'GET',
  path: '/api/v1/dashboard/tax_units/',
  access: staffOnly('invoicing.read'),
  summary: 'Claves de unidad del SAT (c_ClaveUnidad) que usa Cuota, con búsqueda',
  query: satCatalogQuerySchema,
  response: taxUnitListSchema,
});

export const SAT_CATALOG_ENDPOINTS = [listProductKeys, listTaxUnits] as const;
