import path from 'node:path';
import express, { Router, type Request, type RequestHandler } from 'express';
import { createPrecompressedLookup } from '@cuota/service-runtime/http/precompressed';
import type { BffContext } from '../bff-context';
import { GUARDIAN_HASH_PATTERN } from '../identity/enrolment-directory';
import { createBuiltFileReader } from './built-file';
import { inicioPreloads } from './inicio-preloads';
import { createRemotePreloads, remoteOfPage } from './remote-preloads';
import { remoteEntriesOf } from './remotes-handlers';
import { createShellBoot } from './shell-boot';

/** webpack's [contenthash] in a file name: such files never change, so cache them for a year. */
const HASHED_ASSET =
  /[.-][0-9a-f]{8,}\.(?:js|css|mjs|woff2?|ttf|svg|png|jpe?g|gif|webp|ico|map)(?:\.br|\.gz)?$/;

/**
 * The shell's built files: assets by name, and index.html for every other page (the SPA's
 * router decides). A /guardians/{hash} page whose hash belongs to nobody still gets
 * index.html, with status 404, so the SPA shows its not-found page and crawlers see 404.
 */
export function shellRoutes(ctx: BffContext, sessions: RequestHandler[]): Router {
  const dist = path.resolve(ctx.config.shellDistDir);
  const index = createBuiltFileReader(path.join(dist, 'index.html'));
  const preloads = createRemotePreloads(remoteEntriesOf(ctx));
  const boot = createShellBoot(ctx);
  const router = Router();
  router.use(sendPrecompressed(dist));
  router.use(
    express.static(dist, {
      index: false,
      redirect: false,
      setHeaders: (res, file) =>
        res.setHeader(
          'Cache-Control',
          HASHED_ASSET.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
        ),
    }),
  );
  // A path with an extension is a file the build does not have: not a page, no session.
  const onlyPages: RequestHandler = (req, _res, next) =>
    next(path.posix.extname(req.path) ? 'route' : undefined);
  router.get('/{*page}', onlyPages, ...sessions, async (req, res) => {
    const status = await pageStatus(ctx, req);
    const html = await index();
    if (!html) return void res.status(503).type('text').send('El portal aún no está compilado.');
    const remote = remoteOfPage(req.path);
    const { script, user } = await boot(req, res);
    const head = (remote ? await preloads(remote) : '') + script + inicioPreloads(req.path, user);
    // The page carries this browser's session: revalidated each time, never kept by a proxy.
    res
      .status(status)
      .set('Cache-Control', 'private, no-cache')
      .type('html')
      .send(withHead(html, head));
  });
  return router;
}

/**
 * Points a request for a built text file at the build's brotli or gzip copy when the browser
 * takes it (infra/webpack/precompress-plugin.mjs): the type stays the original file's.
 */
function sendPrecompressed(dist: string): RequestHandler {
  const lookup = createPrecompressedLookup(dist);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const copy = lookup(req.path, req.headers['accept-encoding']);
    if (!copy) return next();
    res.vary('Accept-Encoding');
    res.set({ 'Content-Encoding': copy.encoding, 'Content-Type': copy.contentType });
    req.url = copy.urlPath;
    next();
  };
}

async function pageStatus(ctx: BffContext, req: Request): Promise<number> {
  const hash = /^\/guardians\/([^/]+)(?:\/|$)/.exec(req.path)?.[1];
  if (hash === undefined) return 200;
  if (!GUARDIAN_HASH_PATTERN.test(hash)) return 404;
  // Enrolment down: serve the page anyway; its own calls will show what is wrong.
  return (await ctx.guardianLinks.exists(hash)) === false ? 404 : 200;
}

/** index.html with the page's preload tags and the boot script at the end of its head. */
function withHead(html: Buffer, tags: string): string {
  const text = html.toString('utf8');
  const at = text.indexOf('</head>');
  return at < 0 ? text : text.slice(0, at) + tags + text.slice(at);
}
