import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SchoolSiteOptions {
  port: number;
  host?: string;
  /** Cuota's public URL (the BFF): where the store and the embed script come from. */
  cuotaUrl: string;
  schoolId: string;
  schoolName: string;
}

export interface SchoolSite {
  url: string;
  stop: () => Promise<void>;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A school's own home page with its Cuota store embedded both ways (docs/store-embed.md):
 * the `<cuota-store>` element and the iframe. Its origin is registered for the demo school.
 */
export function schoolSitePage({ cuotaUrl, schoolId, schoolName }: SchoolSiteOptions): string {
  const cuota = new URL(cuotaUrl).origin;
  const school = escape(schoolId);
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(schoolName)} · Sitio de la escuela</title>
<style>
  body { margin: 0; font-family: Georgia, serif; background: #fbf7ef; color: #2b2118; }
  header, main { max-width: 960px; margin: 0 auto; padding: 16px; }
  iframe { width: 100%; min-height: 480px; border: 1px solid #c9b99a; border-radius: 8px; }
</style>
</head>
<body>
<header><h1>${escape(schoolName)}</h1><p>Bienvenidos a nuestro sitio.</p></header>
<main>
  <section aria-labelledby="element">
    <h2 id="element">Tienda escolar (elemento &lt;cuota-store&gt;)</h2>
    <script src="${cuota}/embed/cuota-store.js" async></script>
    <cuota-store school="${school}"></cuota-store>
  </section>
  <section aria-labelledby="frame">
    <h2 id="frame">Tienda escolar (iframe)</h2>
    <iframe id="cuota-store-frame" title="Tienda escolar" src="${cuota}/store/${school}"></iframe>
    <script>
      // Only Cuota's own messages are read: the frame says how tall its page is.
      addEventListener('message', (event) => {
        if (event.origin !== '${cuota}' || event.data?.type !== 'cuota-store:height') return;
        document.getElementById('cuota-store-frame').style.height = event.data.height + 'px';
      });
    </script>
  </section>
</main>
</body>
</html>
`;
}

/**
 * A page with the `<cuota-store>` element alone, nothing else to load: what the embed bench
 * measures (infra/bench/embed-first-load-scenario.ts).
 */
export function elementOnlyPage({ cuotaUrl, schoolId, schoolName }: SchoolSiteOptions): string {
  return `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><title>${escape(schoolName)} · Tienda</title></head>
<body>
<script src="${new URL(cuotaUrl).origin}/embed/cuota-store.js" async></script>
<cuota-store school="${escape(schoolId)}"></cuota-store>
</body>
</html>
`;
}

/** Where the element-only page is served. */
export const ELEMENT_ONLY_PATH = '/elemento';

/**
 * Serves the page at / and the element alone at /elemento (anything else is a 404), as the
 * school's web host would.
 */
export async function startSchoolSite(options: SchoolSiteOptions): Promise<SchoolSite> {
  const pages = new Map([
    ['/', schoolSitePage(options)],
    ['/index.html', schoolSitePage(options)],
    [ELEMENT_ONLY_PATH, elementOnlyPage(options)],
  ]);
  const host = options.host ?? '127.0.0.1';
  const server = http.createServer((req, res) => {
    const page = pages.get(req.url ?? '');
    if (!page) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('No encontrado');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(options.port, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
