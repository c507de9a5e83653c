/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { waitFor } from '@testing-library/react';
import { GUARDIAN_HASH } from '@cuota/web-core/test-support/session-fixtures';

// A route whose page is the first screen starts importing that page's code as soon as the
// portal's code runs (the chunk the shell loaded ahead), so the page draws without the
// fallback React would hold 300 ms (issue 16, ADR 0116); on any other first screen it does not.
const ROUTES = [
  ['home-route', '', ['../../features/payments/components/family-balance']],
  ['pay-route', '/payments', ['../../features/payments/components/pay-page']],
  [
    'payment-history-route',
    '/payments/history',
    [
      '../../features/payments/components/payment-history',
      '../../features/payments/components/transfer-reports',
    ],
  ],
  [
    'subscriptions-route',
    '/subscriptions',
    ['../../features/subscriptions/components/subscriptions'],
  ],
] as const;

/** Loads the route's module with the browser at `page`; which of `pages` it then imports. */
async function importedOpenedAt(route: string, page: string, pages: readonly string[]) {
  window.history.replaceState(null, '', `/guardians/${GUARDIAN_HASH}${page}`);
  const imported = new Set<string>();
  await jest.isolateModulesAsync(async () => {
    for (const module of pages)
      jest.doMock(module, () => {
        imported.add(module);
        return { default: () => null };
      });
    await import(`./${route}`);
  });
  await new Promise((resolve) => setTimeout(resolve, 20));
  return imported;
}

afterEach(() => jest.resetModules());

test.each(ROUTES)(
  '%s, opened on its page, imports its code at once',
  async (route, page, pages) => {
    const imported = await importedOpenedAt(route, page, pages);
    await waitFor(() => expect([...imported].sort()).toEqual([...pages].sort()));
  },
);

test.each(ROUTES)(
  '%s, opened on another page, imports nothing ahead',
  async (route, _page, pages) => {
    const imported = await importedOpenedAt(route, '/students', pages);
    expect([...imported]).toEqual([]);
  },
);
