import type { StockKind } from '@cuota/contracts/billing/store';
import { applyStockMovement, type StockState } from './stock-rules';

const fresh: StockState = { limited: true, onHand: 0, reserved: 0, counted: false };
const counted = (onHand: number, reserved = 0): StockState => ({
  limited: true,
  onHand,
  reserved,
  counted: true,
});
const next = (s: StockState, kind: StockKind, q: number) => {
  const out = applyStockMovement(s, kind, q);
  if (!out.ok) throw new Error(out.message);
  return out.next;
};
const refusal = (s: StockState, kind: StockKind, q: number) => {
  const out = applyStockMovement(s, kind, q);
  return out.ok ? null : out.message;
};

test('SET_FIRST_TIME counts once; after it only UPDATE replaces the count', () => {
  expect(next(fresh, 'SET_FIRST_TIME', 20)).toEqual(counted(20));
  expect(refusal(counted(20), 'SET_FIRST_TIME', 5)).toMatch(/ya se registraron/);
  expect(next(counted(20), 'UPDATE', 17)).toEqual(counted(17));
});

test('SUM and SUBTRACT move the count; nothing takes units held by checkouts', () => {
  expect(next(counted(10), 'SUM', 5).onHand).toBe(15);
  expect(next(counted(10, 4), 'SUBTRACT', 6).onHand).toBe(4);
  expect(refusal(counted(10, 4), 'SUBTRACT', 7)).toBe('Solo hay 6 sin apartar para descontar.');
  expect(refusal(counted(10, 4), 'UPDATE', 3)).toMatch(/Hay 4 apartados/);
  expect(refusal(counted(10), 'SUM', 0)).toBe('La cantidad debe ser mayor que cero.');
});

test('UNLIMITED stops counting, LIMITED starts again from a count', () => {
  const unlimited = next(counted(3), 'UNLIMITED', 0);
  expect(unlimited.limited).toBe(false);
  expect(refusal(unlimited, 'SUM', 1)).toMatch(/no lleva inventario/);
  expect(refusal(unlimited, 'UNLIMITED', 0)).toMatch(/ya se vende sin límite/);
  expect(next(unlimited, 'LIMITED', 8)).toEqual(counted(8));
  expect(refusal(counted(8), 'LIMITED', 8)).toMatch(/ya lleva inventario/);
});
