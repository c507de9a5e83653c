import type { OnlineStore } from '@cuota/contracts/billing/store';

/** One variant in the cart; prices are never kept here (the server prices the order). */
export interface CartLine {
  variant_id: string;
  quantity: number;
}

export type StoreItemView = OnlineStore['items'][number];

/**
 * Spec §4, online store: toggling a variant adds it if absent; toggling a chosen one removes
 * only that line (nothing else in the cart changes).
 */
export function toggleLine(cart: CartLine[], variantId: string): CartLine[] {
  return cart.some((l) => l.variant_id === variantId)
    ? cart.filter((l) => l.variant_id !== variantId)
    : [...cart, { variant_id: variantId, quantity: 1 }];
}

export function setQuantity(cart: CartLine[], variantId: string, quantity: number): CartLine[] {
  const whole = Math.max(1, Math.min(100, Math.trunc(quantity) || 1));
  return cart.map((l) => (l.variant_id === variantId ? { ...l, quantity: whole } : l));
}

/** A cart line with what the catalogue says of it now (gone when no longer offered). */
export interface PricedLine extends CartLine {
  item: StoreItemView;
  variant: StoreItemView['variants'][number];
}

export function pricedLines(cart: CartLine[], store: OnlineStore | undefined): PricedLine[] {
  if (!store) return [];
  return cart.flatMap((line) =>
    store.items.flatMap((item) =>
      item.variants
        .filter((v) => v.id === line.variant_id)
        .map((variant) => ({ ...line, item, variant })),
    ),
  );
}

/** What the cart shows as its total; the order's amount still comes from the server. */
export const cartTotal = (lines: PricedLine[]) =>
  lines.reduce((sum, l) => sum + l.item.price_centavos * l.quantity, 0);
