import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import handler from 'serve-handler';
import { createPrecompressedLookup } from '../../packages/service-runtime/src/http/precompressed.ts';

const CACHING = [
  {
    source: '**/*',
    headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }],
  },
  {
    source: '{mf-manifest.json,mf-stats.json,remoteEntry.js,index.html}{,.br,.gz}',
    headers: [{ key: 'Cache-Control', value: 'no-cache' }],
  },
];

export interface StaticServer {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Serves one remote's build the way a CDN would: CORS open (the shell runs on another
 * origin), the manifest and entry never cached (so a redeployed remote is seen on the
 * next reload), content-hashed chunks cached for good, and the build's brotli or gzip copy
 * of a file sent to a browser that takes it (infra/webpack/precompress-plugin.mjs).
 * The launcher serves a remote's published versions (ADR 0078): under `<version>/` every
 * file, manifest included, is cached for good, since a version's folder never changes.
 */
export async function startStaticServer(
  distDir: string,
  port: number,
  host = '127.0.0.1',
): Promise<StaticServer> {
  const precompressed = createPrecompressedLookup(path.resolve(distDir));
  const server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Vary', 'Accept-Encoding');
    const url = new URL(req.url ?? '/', 'http://remote');
    const copy = precompressed(url.pathname, req.headers['accept-encoding']);
    if (copy) req.url = copy.urlPath + url.search;
    const encoded = copy && {
      source: '**/*',
      headers: [
        { key: 'Content-Encoding', value: copy.encoding },
        { key: 'Content-Type', value: copy.contentType },
      ],
    };
    void handler(req, res, {
      public: distDir,
      directoryListing: false,
      etag: true,
      headers: encoded ? [...CACHING, encoded] : CACHING,
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${bound}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
