import {
  createStoreCategory,
  createStoreItem,
  deliverOptionalOrder,
  familyOptionalOrders,
  listStoreCategories,
  moveStock,
  onlineStore,
  schoolOptionalOrders,
  schoolStock,
  stockHistory,
  updateStoreItem,
  validateStock,
} from '@cuota/contracts/billing/endpoints/store';
import type { OnlineStore } from '@cuota/contracts/billing/store';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import type { BillingDb } from '../billing-db';
import {
  categoriesOfSchool,
  insertCategory,
  insertItem,
  itemsOfSchool,
  updateItem,
} from './catalogue-repository';
import { deliverOrder, ordersOfGuardian, ordersOfSchool } from './optional-order-repository';
import { releaseExpired } from './reservation-repository';
import { checkStock } from './stock-check-repository';
import { moveStock as applyMove, stockHistoryOf } from './stock-repository';

const staffId = (caller: IdentityClaims) => (caller.kind === 'staff' ? caller.user_id : null);

/** The public catalogue: visible items; per variant what can be bought, never the counts. */
async function publicStore(db: BillingDb, schoolId: string): Promise<OnlineStore> {
  await releaseExpired(db, schoolId);
  const items = await itemsOfSchool(db, schoolId, { visibleOnly: true });
  return {
    school_id: schoolId,
    // The SAT key is the school's bookkeeping, not the buyer's.
    items: items.map(({ visible: _v, school_id: _s, sat_product_key: _k, variants, ...item }) => ({
      ...item,
      variants: variants.map(({ id, size, colour, available }) => ({
        id,
        size,
        colour,
        available,
      })),
    })),
  };
}

export function storeHandlers(db: BillingDb) {
  return [
    implement(onlineStore, ({ params }) => publicStore(db, params.id)),
    implement(validateStock, async ({ params, body }) => {
      await releaseExpired(db, params.id);
      return checkStock(db, params.id, body.lines);
    }),
    implement(familyOptionalOrders, ({ params, caller }) =>
      caller.kind === 'guardian' ? ordersOfGuardian(db, params.id, caller.guardian_id) : [],
    ),
    implement(schoolOptionalOrders, async ({ params, query }) => {
      await releaseExpired(db, params.id);
      return ordersOfSchool(db, params.id, query.status);
    }),
    implement(deliverOptionalOrder, ({ params, caller }) =>
      db.transaction((tx) => deliverOrder(tx, params.id, params.order, staffId(caller) ?? '')),
    ),
    implement(schoolStock, async ({ params }) => {
      await releaseExpired(db, params.id);
      return itemsOfSchool(db, params.id);
    }),
    implement(moveStock, ({ params, body, caller, once }) =>
      once((tx) => applyMove(tx, params.id, body, staffId(caller))),
    ),
    implement(stockHistory, ({ params, query }) =>
      stockHistoryOf(db, params.id, { variantId: query.variant_id }),
    ),
    implement(listStoreCategories, ({ params }) => categoriesOfSchool(db, params.id)),
    implement(createStoreCategory, ({ params, body, once }) =>
      once((tx) => insertCategory(tx, params.id, body.name)),
    ),
    implement(createStoreItem, ({ params, body, once }) =>
      once((tx) => insertItem(tx, params.id, body)),
    ),
    implement(updateStoreItem, ({ params, body }) =>
      db.transaction((tx) => updateItem(tx, params.id, params.item, body)),
    ),
  ];
}
