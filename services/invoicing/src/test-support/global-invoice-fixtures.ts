/** A family with no fiscal data: its payments wait for the global invoice (ADR 0042). */
export const NO_FISCAL_DATA = {
  tax_id: null,
  tax_regime: null,
  tax_zip_code: null,
  billing_name: null,
};

/**
 * Paid last month (the 1st, noon in Mexico City): its monthly period has closed. Last month
 * as Mexico City counts it: from 00:00 to 06:00 UTC on a 1st, UTC is a month ahead, and a
 * payment of UTC's last month would fall in the school's month still open.
 */
export const LAST_MONTH = (() => {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Mexico_City',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .split('-')
    .map(Number);
  return new Date(Date.UTC(year!, month! - 2, 1, 18));
})();
