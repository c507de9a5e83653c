import type { Locator, Page } from 'playwright-core';

/** Inicio's cards computed as of the server's today, which moves (the browser's is fixed). */
const SERVER_DATED_CARDS = [
  'Por cobrar',
  'Tasa de cobro del mes',
  'Familias con más adeudo vencido',
];

/**
 * Waits until Inicio has drawn every card (no «Cargando…» left) and, for a role that reads the
 * money, its lazy charts (or the daily card's empty state); answers what a screenshot must mask: the server-dated cards.
 */
export async function inicioDrawn(page: Page, money: boolean): Promise<Locator[]> {
  await page
    .getByRole('heading', { name: /^(Pendientes|Alumnos por nivel)$/ })
    .first()
    .waitFor();
  await page
    .getByRole('status')
    .filter({ hasText: /^Cargando/ })
    .first()
    .waitFor({ state: 'detached' });
  if (!money) return [];
  // The daily chart, or what the card says when neither month has collections.
  await page
    .getByTestId('daily-chart')
    .or(page.getByText(/^Sin cobros en /))
    .waitFor();
  return SERVER_DATED_CARDS.map((name) => page.getByRole('region', { name }));
}
