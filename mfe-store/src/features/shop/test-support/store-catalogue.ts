import type { OnlineStore } from '@cuota/contracts/billing/store';
import type { StoreItemView } from '../utils/cart';

/** school-1's public catalogue, as the store's tests and the embed's read it. */
export const STORE = '/api/v1/schools/school-1/online-store/';

/** A polo shirt, size 8, three left. */
export const polo: StoreItemView = {
  id: 'polo',
  name: 'Playera polo',
  description: '',
  category: null,
  price_centavos: 35_000,
  tax: 'IVA_16',
  photos: [],
  variants: [{ id: 'polo-8', size: '8', colour: null, available: 3 }],
};

/** school-1's catalogue with `items` (the polo alone unless told). */
export const catalogueOf = (...items: StoreItemView[]): OnlineStore => ({
  school_id: 'school-1',
  items: items.length ? items : [polo],
});
