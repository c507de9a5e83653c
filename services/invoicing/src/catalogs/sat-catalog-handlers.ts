import { listProductKeys, listTaxUnits } from '@cuota/contracts/invoicing/endpoints/sat-catalogs';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { matching, productKeys, taxUnits } from './sat-catalog-subset';

/** The catalogues are the engine's, the same for every school: computed once. */
export function satCatalogHandlers() {
  const keys = productKeys();
  const units = taxUnits();
  return [
    implement(listProductKeys, ({ query }) => ({ results: matching(keys, query.search) })),
    implement(listTaxUnits, ({ query }) => ({ results: matching(units, query.search) })),
  ];
}
