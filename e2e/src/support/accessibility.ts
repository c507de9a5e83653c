import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** Rule id, impact and where, for a failure message a person can act on. */
const describe = (violation: {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}) =>
  `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes
    .slice(0, 3)
    .map((node) => node.target.join(' '))
    .join(', ')}`;

/**
 * axe-core on the page as it is now (WCAG 2.x A and AA rules and best practices): no
 * serious or critical violation may remain. Call it once the page shows what it loads.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map(describe)).toEqual([]);
}
