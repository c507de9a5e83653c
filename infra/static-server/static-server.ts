import http from 'node:http';
import type { AddressInfo } from 'node:net';
import handler from 'serve-handler';

export interface StaticServer {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Serves one remote's build the way a CDN would: CORS open (the shell runs on another
 * origin), the manifest and entry never cached (so a redeployed remote is seen on the
 * next reload), content-hashed chunks cached for good.
 */
export async function startStaticServer(
  distDir: string,
  port: number,
  host = '127.0.0.1',
): Promise<StaticServer> {
  const server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    void handler(req, res, {
      public: distDir,
      directoryListing: false,
      etag: true,
      headers: [
        {
          source: '**/*',
          headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }],
        },
        {
          source: '{mf-manifest.json,mf-stats.json,remoteEntry.js,index.html}',
          headers: [{ key: 'Cache-Control', value: 'no-cache' }],
        },
      ],
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${bound}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
