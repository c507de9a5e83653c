import { MAX_FIGURES_DAYS } from '@cuota/contracts/payments/figures';
import { addDays } from '@cuota/contracts/common/months';

/**
 * From the cycle's start to today; the collections endpoint covers at most a year, so a
 * cycle begun longer ago (or none active) counts the last year.
 */
export function cycleSoFar(today: string, cycleStartsOn: string | undefined) {
  const earliest = addDays(today, -(MAX_FIGURES_DAYS - 1));
  const from = cycleStartsOn && cycleStartsOn > earliest ? cycleStartsOn : earliest;
  return { from: from > today ? today : from, to: today };
}
