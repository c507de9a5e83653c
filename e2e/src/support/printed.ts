import type { Page } from 'playwright-core';

/**
 * The page as the browser lays it out to print (a letter page's width at 96 dpi), after
 * checking that only <main> is on paper: no menu, top bar or «Menú» button (issue 23).
 */
export async function asPrinted(page: Page): Promise<void> {
  await page.setViewportSize({ width: 816, height: 1056 });
  await page.emulateMedia({ media: 'print' });
  const chrome = [
    page.getByTestId('dashboard-sidebar'),
    page.getByRole('banner'),
    page.getByRole('button', { name: 'Menú' }),
  ];
  const shown = await Promise.all(chrome.map((part) => part.isVisible()));
  if (shown.some(Boolean)) throw new Error(`The frame prints: ${shown.join(', ')}`);
  if (!(await page.getByRole('main').isVisible())) throw new Error('The page does not print');
}
