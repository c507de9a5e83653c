const mxn = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });

/** Money travels as integer centavos; this is the one place it becomes text (`$1,234.50`). */
export function formatMoney(centavos: number): string {
  return mxn.format(centavos / 100);
}
