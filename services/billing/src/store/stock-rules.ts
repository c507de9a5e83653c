import type { StockKind } from '@cuota/contracts/billing/store';

/** A variant's count as the rules see it. */
export interface StockState {
  limited: boolean;
  onHand: number;
  reserved: number;
  /** A first count happened: SET_FIRST_TIME cannot happen again. */
  counted: boolean;
}

export type StockOutcome = { ok: true; next: StockState } | { ok: false; message: string };

const refuse = (message: string): StockOutcome => ({ ok: false, message });
const NOT_COUNTED = 'Este artículo no lleva inventario (ilimitado); márcalo como LIMITED primero.';
const BELOW_RESERVED = (reserved: number) =>
  `Hay ${reserved} apartados en compras en curso: las existencias no pueden quedar por debajo.`;
const NEEDS_QUANTITY = 'La cantidad debe ser mayor que cero.';

/** The count to set, unless it would leave held stock uncovered. */
function setCount(s: StockState, count: number): StockOutcome {
  if (count < s.reserved) return refuse(BELOW_RESERVED(s.reserved));
  return { ok: true, next: { ...s, limited: true, onHand: count, counted: true } };
}

/**
 * What one staff movement does to a variant (ADR 0062). SUM and SUBTRACT add or take units;
 * SET_FIRST_TIME is the first count and happens once; UPDATE replaces the count after a
 * physical recount; LIMITED starts counting from `quantity`; UNLIMITED stops counting
 * (always sellable). No movement leaves fewer units than pending checkouts hold.
 */
export function applyStockMovement(s: StockState, kind: StockKind, quantity: number): StockOutcome {
  switch (kind) {
    case 'SUM':
      if (!s.limited) return refuse(NOT_COUNTED);
      if (quantity < 1) return refuse(NEEDS_QUANTITY);
      return { ok: true, next: { ...s, onHand: s.onHand + quantity, counted: true } };
    case 'SUBTRACT':
      if (!s.limited) return refuse(NOT_COUNTED);
      if (quantity < 1) return refuse(NEEDS_QUANTITY);
      if (s.onHand - quantity < s.reserved)
        return refuse(`Solo hay ${s.onHand - s.reserved} sin apartar para descontar.`);
      return { ok: true, next: { ...s, onHand: s.onHand - quantity } };
    case 'SET_FIRST_TIME':
      if (s.counted)
        return refuse('Las existencias iniciales ya se registraron; usa UPDATE para corregirlas.');
      return setCount(s, quantity);
    case 'UPDATE':
      if (!s.limited) return refuse(NOT_COUNTED);
      return setCount(s, quantity);
    case 'LIMITED':
      if (s.limited && s.counted)
        return refuse('Este artículo ya lleva inventario; usa UPDATE para corregir la cantidad.');
      return setCount(s, quantity);
    case 'UNLIMITED':
      if (!s.limited) return refuse('Este artículo ya se vende sin límite de existencias.');
      return { ok: true, next: { ...s, limited: false } };
  }
}
