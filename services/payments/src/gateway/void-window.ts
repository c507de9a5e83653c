const HOUR_MS = 3600_000;
// Mexico City keeps UTC−6 all year since daylight saving time ended there in 2022.
const MEXICO_CITY_OFFSET_MS = -6 * HOUR_MS;

/**
 * The last moment Kushki voids a sale online: 23:00 Mexico City time on the day it was made
 * (docs "Returns, cancellations, and refunds", Mexico). After it only a refund returns money.
 */
export function voidableUntil(saleCreatedAt: Date): Date {
  const local = saleCreatedAt.getTime() + MEXICO_CITY_OFFSET_MS;
  const localMidnight = local - (((local % (24 * HOUR_MS)) + 24 * HOUR_MS) % (24 * HOUR_MS));
  return new Date(localMidnight + 23 * HOUR_MS - MEXICO_CITY_OFFSET_MS);
}
