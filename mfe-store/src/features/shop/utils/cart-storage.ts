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

/**
 * The cart `<cuota-store>` hands over when the buyer goes to pay (`?lineas=id:qty,…`): added
 * to what this browser already holds for the school, a line already there keeps its quantity.
 */
export function withHandedOver(cart: CartLine[], search: string): CartLine[] {
  const handed = (new URLSearchParams(search).get('lineas') ?? '')
    .split(',')
    .map((pair) => pair.split(':'))
    .map(([variant_id = '', quantity = '']) => ({ variant_id, quantity: Number(quantity) }))
    .filter(isLine);
  const known = new Set(cart.map((l) => l.variant_id));
  return [...cart, ...handed.filter((l) => !known.has(l.variant_id))];
}

/** `?lineas=id:qty,…`: the cart carried to a top-level page (read by withHandedOver). */
export const handOverSearch = (cart: CartLine[]) =>
  `?${new URLSearchParams({ lineas: cart.map((l) => `${l.variant_id}:${l.quantity}`).join(',') })}`;

/**
 * Paying breaks out of a frame on the school's site (ADR 0067): the gateway's card form is
 * framed only by Cuota's own page, and a top-level page needs no third-party cookies.
 */
export const inFrame = () => window.parent !== window;
