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

describe('a page served with its boot script (the BFF writes it into the HTML)', () => {
  const served = [{ name: 'mfe_dashboard', entry: '/mfe/dashboard/mf-manifest.json' }];
  const bootWith = (text: string) => {
    document.head.innerHTML = `<script id="cuota-boot" type="application/json">${text}</script>`;
  };
  afterEach(() => void (document.head.innerHTML = ''));

  test('the remotes come from the page: no request', async () => {
    bootWith(JSON.stringify({ remotes: { remotes: served }, session: {} }));
    const network = stubFetch();

    expect(await fetchRemotes()).toEqual(served);
    expect(network.requests).toHaveLength(0);
  });

  test('a boot script that cannot be read falls back to GET /api/remotes', async () => {
    const remotes = [{ name: 'mfe_portal', entry: '/mfe/portal/mf-manifest.json' }];
    for (const text of ['{no es json', JSON.stringify({ remotes: { remotes: 'x' } })]) {
      bootWith(text);
      const network = stubFetch().on('GET', '/api/remotes', { remotes });
      expect(await fetchRemotes()).toEqual(remotes);
      expect(network.sent('GET', '/api/remotes')).toHaveLength(1);
    }
  });
});
