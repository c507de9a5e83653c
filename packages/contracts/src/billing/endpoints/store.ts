import { z } from 'zod';
import { anyone, familyOnly, staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import {
  createStoreCategorySchema,
  createStoreItemSchema,
  onlineStoreSchema,
  optionalOrderListSchema,
  optionalOrderQuerySchema,
  optionalOrderSchema,
  stockCheckSchema,
  stockHistoryQuerySchema,
  stockHistorySchema,
  stockMovementInputSchema,
  stockMovementSchema,
  storeCategorySchema,
  storeItemListSchema,
  storeItemSchema,
  updateStoreItemSchema,
  validateStockSchema,
} from '@cuota/contracts/billing/store';

/** The school's store (ADR 0062): the public catalogue, stock, and families' optional orders. */
const storeRow = {
  domain: 'billing',
  surface: 'store',
  spec: 'spec',
  params: uuidParams('id'),
  notFound: 'No encontramos esta escuela.',
} as const;
const staffRow = { ...storeRow, surface: 'dashboard' } as const;
const catalogue = {
  capability:
    'Administrar el catálogo de la tienda en línea (categorías, artículos, variantes): ADR 0062.',
};
const noItem = 'No encontramos este artículo.';

export const onlineStore = defineEndpoint({
  ...storeRow,
  name: 'billing.online-store.show',
  method: 'GET',
  path: '/api/v1/schools/{id}/online-store/',
  access: anyone(),
  summary: 'Artículos visibles de la tienda en línea con sus existencias',
  response: onlineStoreSchema,
});

export const familyOptionalOrders = defineEndpoint({
  ...storeRow,
  name: 'billing.optional-orders.mine',
  method: 'GET',
  path: '/api/v1/schools/{id}/optional-orders/',
  access: familyOnly(),
  summary: 'Pedidos de la tienda de la familia en la escuela',
  response: optionalOrderListSchema,
});

export const validateStock = defineEndpoint({
  ...storeRow,
  name: 'billing.stock.validate',
  method: 'POST',
  path: '/api/v1/schools/{id}/validate_stock/',
  access: anyone(),
  summary: 'Validar existencias antes de comprar: por línea, si se puede vender',
  body: validateStockSchema,
  response: stockCheckSchema,
});

export const schoolOptionalOrders = defineEndpoint({
  ...staffRow,
  name: 'billing.optional-orders.list',
  method: 'GET',
  path: '/api/v1/dashboard/schools/{id}/optional-orders/',
  access: staffOnly('billing.read'),
  summary: 'Pedidos de la tienda de la escuela (por entregar, entregados)',
  query: optionalOrderQuerySchema,
  response: optionalOrderListSchema,
});

export const deliverOptionalOrder = defineEndpoint({
  ...staffRow,
  spec: { capability: 'Marcar como entregado un pedido de la tienda pagado: ADR 0062.' },
  name: 'billing.optional-orders.deliver',
  method: 'POST',
  path: '/api/v1/dashboard/schools/{id}/optional-orders/{order}/deliver/',
  params: uuidParams('id', 'order'),
  notFound: 'No encontramos este pedido.',
  access: staffOnly('billing.write'),
  summary: 'Marcar un pedido pagado como entregado',
  response: optionalOrderSchema,
});

export const schoolStock = defineEndpoint({
  ...staffRow,
  name: 'billing.stock.list',
  method: 'GET',
  path: '/api/v1/dashboard/schools/{id}/stock/',
  access: staffOnly('billing.read'),
  summary: 'Catálogo de la tienda con existencias por variante (incluye ocultos)',
  response: storeItemListSchema,
});

export const moveStock = defineEndpoint({
  ...staffRow,
  spec: { serves: ['GET /api/v1/dashboard/schools/{id}/stock/'] },
  name: 'billing.stock.move',
  method: 'POST',
  path: '/api/v1/dashboard/schools/{id}/stock/',
  access: staffOnly('concepts.write'),
  summary:
    'Registrar un movimiento de inventario (SUM, SUBTRACT, LIMITED, UNLIMITED, SET_FIRST_TIME, UPDATE)',
  body: stockMovementInputSchema,
  response: stockMovementSchema,
  status: 201,
  idempotencyKey: 'optional',
});

export const stockHistory = defineEndpoint({
  ...staffRow,
  name: 'billing.stock-history.list',
  method: 'GET',
  path: '/api/v1/dashboard/schools/{id}/stock-history/',
  access: staffOnly('billing.read'),
  summary: 'Historial de movimientos de inventario (internos y externos)',
  query: stockHistoryQuerySchema,
  response: stockHistorySchema,
});

export const listStoreCategories = defineEndpoint({
  ...staffRow,
  spec: catalogue,
  name: 'billing.store-categories.list',
  method: 'GET',
  path: '/api/v1/dashboard/schools/{id}/store-categories/',
  access: staffOnly('billing.read'),
  summary: 'Categorías de la tienda',
  response: z.array(storeCategorySchema),
});

export const createStoreCategory = defineEndpoint({
  ...staffRow,
  spec: catalogue,
  name: 'billing.store-categories.create',
  method: 'POST',
  path: '/api/v1/dashboard/schools/{id}/store-categories/',
  access: staffOnly('concepts.write'),
  summary: 'Crear una categoría de la tienda',
  body: createStoreCategorySchema,
  response: storeCategorySchema,
  status: 201,
  idempotencyKey: 'optional',
});

export const createStoreItem = defineEndpoint({
  ...staffRow,
  spec: catalogue,
  name: 'billing.store-items.create',
  method: 'POST',
  path: '/api/v1/dashboard/schools/{id}/store-items/',
  access: staffOnly('concepts.write'),
  summary: 'Crear un artículo de la tienda con sus variantes (sin existencias hasta contarlas)',
  body: createStoreItemSchema,
  response: storeItemSchema,
  status: 201,
  idempotencyKey: 'optional',
});

export const updateStoreItem = defineEndpoint({
  ...staffRow,
  spec: catalogue,
  name: 'billing.store-items.update',
  method: 'PATCH',
  path: '/api/v1/dashboard/schools/{id}/store-items/{item}/',
  params: uuidParams('id', 'item'),
  notFound: noItem,
  access: staffOnly('concepts.write'),
  summary: 'Editar un artículo: nombre, precio, impuesto, visibilidad, nuevas variantes',
  body: updateStoreItemSchema,
  response: storeItemSchema,
});

const photoOfItem = {
  ...staffRow,
  spec: { capability: 'Fotos de los artículos de la tienda (hasta 4, en orden): ADR 0105.' },
  notFound: noItem,
  access: staffOnly('concepts.write'),
  response: storeItemSchema,
} as const;

export const addStoreItemPhoto = defineEndpoint({
  ...photoOfItem,
  name: 'billing.store-items.photos.add',
  method: 'POST',
  path: '/api/v1/dashboard/schools/{id}/store-items/{item}/photos/',
  params: uuidParams('id', 'item'),
  summary: 'Agregar una foto al artículo (campo «photo»; JPG, PNG o WebP, hasta 2 MB, máx. 4)',
  // The item back with its photos (as upload_photo answers the student): a 200, no key.
  bodyType: 'multipart',
});

export const removeStoreItemPhoto = defineEndpoint({
  ...photoOfItem,
  name: 'billing.store-items.photos.remove',
  method: 'DELETE',
  path: '/api/v1/dashboard/schools/{id}/store-items/{item}/photos/{photo}/',
  params: uuidParams('id', 'item', 'photo'),
  summary: 'Quitar una foto del artículo (las demás conservan su orden)',
});

export const storeItemPhoto = defineEndpoint({
  ...storeRow,
  spec: { capability: 'Servir las fotos de los artículos con caché larga: ADR 0105.' },
  name: 'billing.store-photos.show',
  method: 'GET',
  path: '/api/v1/schools/{id}/store-photos/{photo}/',
  params: uuidParams('id', 'photo'),
  notFound: 'No encontramos esta foto.',
  access: anyone(),
  summary: 'Una foto de artículo; su URL nunca cambia de contenido',
  produces: 'image',
});

export const STORE_ENDPOINTS = [
  onlineStore,
  familyOptionalOrders,
  validateStock,
  schoolOptionalOrders,
  deliverOptionalOrder,
  schoolStock,
  moveStock,
  stockHistory,
  listStoreCategories,
  createStoreCategory,
  createStoreItem,
  updateStoreItem,
  addStoreItemPhoto,
  removeStoreItemPhoto,
  storeItemPhoto,
] as const;
