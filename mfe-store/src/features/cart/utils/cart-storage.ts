import type { CartLine } from './cart';

/** One cart per school, kept across visits (an embed on the school's site keeps its own). */
export const cartKey = (schoolId: string) => `cuota-store-cart:${schoolId}`;

export function loadCart(schoolId: string, storage: Storage = localStorage): CartLine[] {
  try {
    const saved: unknown = JSON.parse(storage.getItem(cartKey(schoolId)) ?? '[]');
    return Array.isArray(saved) ? saved.filter(isLine) : [];
  } catch {
    return [];
  }
}

export function saveCart(schoolId: string, cart: CartLine[], storage: Storage = localStorage) {
  try {
    storage.setItem(cartKey(schoolId), JSON.stringify(cart));
  } catch {
    // Storage full or blocked (a third-party frame): the cart still works on this page.
  }
}

function isLine(value: unknown): value is CartLine {
  const line = value as Partial<CartLine> | null;
  return (
    typeof line?.variant_id === 'string' &&
    typeof line.quantity === 'number' &&
    Number.isInteger(line.quantity) &&
    line.quantity > 0
  );
}
