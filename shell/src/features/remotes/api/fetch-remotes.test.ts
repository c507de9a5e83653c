/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { fetchRemotes } from './fetch-remotes';

test('reads the remotes of this deployment from GET /api/remotes', async () => {
  const remotes = [
    { name: 'mfe_portal', entry: 'http://127.0.0.1:3001/mf-manifest.json' },
    { name: 'mfe_store', entry: '/mfe/store/mf-manifest.json' },
  ];
  stubFetch().on('GET', '/api/remotes', { remotes });

  expect(await fetchRemotes()).toEqual(remotes);
});

test('an unexpected answer is an error, not a half-registered page', async () => {
  stubFetch().on('GET', '/api/remotes', { remotes: [{ name: 'mfe_unknown', entry: 'x' }] });

  await expect(fetchRemotes()).rejects.toThrow();
});
