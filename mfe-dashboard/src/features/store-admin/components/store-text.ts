import type { StockKind, StoreTax, Variant } from '@cuota/contracts/billing/store';

export const TAX_LABELS: Record<StoreTax, string> = {
  IVA_16: 'IVA 16 % (uniformes, artículos)',
  IVA_0: 'IVA 0 % (libros)',
  EXENTO: 'Exento',
};

export const STOCK_KIND_LABELS: Record<StockKind, string> = {
  SET_FIRST_TIME: 'Existencias iniciales',
  SUM: 'Entrada (sumar)',
  SUBTRACT: 'Salida (restar)',
  UPDATE: 'Conteo físico (reemplazar)',
  LIMITED: 'Llevar inventario',
  UNLIMITED: 'Sin límite de existencias',
};

/** «12 disponibles (2 apartados)», «Sin límite», «Agotado». */
export function stockText(v: Variant): string {
  if (v.available === null) return 'Sin límite';
  if (v.available <= 0 && v.reserved === 0) return 'Agotado';
  const held = v.reserved > 0 ? ` (${v.reserved} apartados)` : '';
  return `${v.available} disponibles${held}`;
}

/** "8, 10, 12" → one variant per size, each with the colour typed (or none). */
export function variantsFrom(sizes: string, colour: string) {
  const list = sizes
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const c = colour.trim() || null;
  return list.length === 0
    ? [{ size: null, colour: c }]
    : list.map((size) => ({ size, colour: c }));
}
