import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import request from 'supertest';
import { SHELL_BOOT_ELEMENT_ID } from '@cuota/contracts/shell/boot';
import { browserSignedInAs, staffSession } from '../test-support/session-fixture';
import { isShellPage, startTestBff, type TestBff } from '../test-support/test-bff';

let bff: TestBff;
beforeAll(async () => {
  bff = await startTestBff();
});
afterAll(() => bff.close());

describe('GET /api/remotes', () => {
  test("lists the three remotes with the deployment's manifest URLs, never cached", async () => {
    const res = await request(bff.app).get('/api/remotes').expect(200);
    expect(res.body).toEqual({
      remotes: [
        { name: 'mfe_portal', entry: bff.config.remotes.portal },
        { name: 'mfe_dashboard', entry: bff.config.remotes.dashboard },
        { name: 'mfe_store', entry: bff.config.remotes.store },
      ],
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('the shell', () => {
  test('index.html for any page, revalidated, never kept by a proxy', async () => {
    for (const page of ['/', '/dashboard/login', '/store/uniformes', '/cookies-error']) {
      const res = await request(bff.app).get(page).expect(200);
      expect(isShellPage(res.text)).toBe(true);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('private, no-cache');
    }
  });

  test('content-hashed assets are cached for a year, other files revalidate', async () => {
    const hashed = await request(bff.app).get('/main.3f2a9c1b7d.js').expect(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const entry = await request(bff.app).get('/remoteEntry.js').expect(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
  });

  test('a missing asset is a 404, not the SPA', async () => {
    const res = await request(bff.app).get('/missing.4a5b6c7d8e.js').expect(404);
    expect(isShellPage(res.text)).toBe(false);
  });

  test('an unknown API path is a JSON 404, never the SPA', async () => {
    const res = await request(bff.app).get('/api/nada').expect(404);
    expect(res.body).toEqual({
      error: { code: 'NOT_FOUND', message: 'La ruta solicitada no existe.' },
    });
  });

  test('a guardian link that cannot be a hash gets the SPA with 404, without asking enrolment', async () => {
    const res = await request(bff.app).get('/guardians/no-es-hash/login').expect(404);
    expect(isShellPage(res.text)).toBe(true);
  });

  test('with enrolment down, a guardian page is still served (its own calls will explain)', async () => {
    await request(bff.app)
      .get(`/guardians/${'h'.repeat(43)}/login`)
      .expect(200);
  });
});

describe('the boot script each page starts with', () => {
  const bootOf = (html: string) => {
    const script = new RegExp(
      `<script id="${SHELL_BOOT_ELEMENT_ID}" type="application/json">(.*?)</script>`,
    );
    return JSON.parse(script.exec(html)![1]!) as { remotes: unknown; session: unknown };
  };

  test('signed out: the remotes and an empty session, as the two calls would answer', async () => {
    const page = await request(bff.app).get('/dashboard/login').expect(200);
    const remotes = await request(bff.app).get('/api/remotes').expect(200);
    expect(bootOf(page.text)).toEqual({ remotes: remotes.body, session: {} });
    expect(page.headers['set-cookie']).toBeUndefined(); // no session is made for a visit
  });

  test('signed in: the same session GET /api/auth/session answers, never an open script', async () => {
    const staff = staffSession();
    staff.user.name = 'Laura </script><script>alert(1)</script> Méndez';
    const { agent } = await browserSignedInAs(bff, staff);
    const page = await agent.get('/dashboard').expect(200);
    const session = await agent.get('/api/auth/session').expect(200);
    const { session: served } = bootOf(page.text);
    expect(served).toMatchObject({ user: session.body.user, selected_school_id: null });
    expect(page.text).not.toContain('<script>alert(1)</script>');
    expect(page.text.match(/<\/script>/g)).toHaveLength(1);
  });
});

describe('compression', () => {
  /** A built vendor chunk and the copies the build writes beside it. */
  const CHUNK = `var vendor = ${JSON.stringify('abcdefghij'.repeat(800))};`;
  beforeAll(async () => {
    const file = path.join(bff.config.shellDistDir, 'vendor.0a1b2c3d4e.js');
    await fs.writeFile(file, CHUNK);
    await fs.writeFile(`${file}.br`, zlib.brotliCompressSync(CHUNK));
    await fs.writeFile(`${file}.gz`, zlib.gzipSync(CHUNK));
  });
  /** The body as the client decoded it (superagent undoes Content-Encoding, as browsers do). */
  const get = (url: string, encoding: string) => {
    const call = request(bff.app)
      .get(url)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    return call.set('accept-encoding', encoding);
  };

  test('static JS is served as the brotli or gzip copy the browser accepts, typed as JS', async () => {
    const br = await get('/vendor.0a1b2c3d4e.js', 'gzip, deflate, br').expect(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(br.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((br.body as Buffer).toString()).toBe(CHUNK);
    const gz = await get('/vendor.0a1b2c3d4e.js', 'gzip').expect(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect((gz.body as Buffer).toString()).toBe(CHUNK);
    const plain = await get('/vendor.0a1b2c3d4e.js', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect((plain.body as Buffer).toString()).toBe(CHUNK);
  });

  test('API answers are compressed for a client that accepts it', async () => {
    const res = await get('/api/openapi.json', 'gzip').expect(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse((res.body as Buffer).toString())).toHaveProperty('paths');
  });
});

describe('security headers', () => {
  test("the CSP lets the shell load the remotes' origins; nothing else", async () => {
    const res = await request(bff.app).get('/').expect(200);
    const csp = String(res.headers['content-security-policy']);
    const directive = (name: string) => csp.split(';').find((d) => d.trim().startsWith(name));
    for (const name of ['script-src', 'connect-src', 'style-src'])
      expect(directive(name)).toEqual(
        expect.stringContaining(
          'http://127.0.0.1:13901 http://127.0.0.1:13902 http://remotes.cuota.test',
        ),
      );
    expect(directive('style-src')).toContain("'unsafe-inline'");
    expect(directive('script-src')).not.toContain('unsafe');
    // Kushki's SDK: its API, its hosted-field iframes and 3-D Secure (ADR 0030).
    expect(directive('connect-src')).toContain('https://api.kushkipagos.com');
    expect(directive('frame-src')).toContain('https://spa-js-inputs.kushkipagos.com');
    expect(directive('frame-src')).toContain('https://*.cardinalcommerce.com');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
