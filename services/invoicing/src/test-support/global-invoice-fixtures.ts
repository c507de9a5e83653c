/** A family with no fiscal data: its payments wait for the global invoice (ADR 0042). */
export const NO_FISCAL_DATA = {
  tax_id: null,
  tax_regime: null,
  tax_zip_code: null,
  billing_name: null,
};

/** Paid last month (the 1st, noon in Mexico City): its monthly period has closed. */
export const LAST_MONTH = (() => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1, 18));
})();
