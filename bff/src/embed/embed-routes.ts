import path from 'node:path';
import { Router } from 'express';
import type { BffContext } from '../bff-context';
import { createBuiltFileReader } from '../shell/built-file';
import { remoteEntriesOf } from '../shell/remotes-handlers';

export const CUOTA_STORE_SCRIPT_PATH = '/embed/cuota-store.js';
/** The embed host's build (shell/webpack.config.mjs, role `embed`) inside the shell's dist. */
const EMBED_HOST_FILE = path.join('embed', 'cuota_store_embed.js');

/**
 * The host script after its configuration: Cuota's origin is where the script came from (read
 * while it runs, so one build serves any address), the store remote the version pointed at now
 * (ADR 0078), exactly as the shell's pages get it.
 */
export const cuotaStoreScript = (storeEntry: string, host: Buffer) =>
  `self.cuotaStoreEmbed={api:new URL(document.currentScript.src).origin,store:${JSON.stringify(storeEntry)}};\n${host.toString('utf8')}`;

/** The script a school's site loads to show its store (ADR 0067, 0093); any site may load it. */
export function embedRoutes(ctx: BffContext): Router {
  const host = createBuiltFileReader(
    path.join(path.resolve(ctx.config.shellDistDir), EMBED_HOST_FILE),
  );
  const entries = remoteEntriesOf(ctx);
  const router = Router();
  router.get(CUOTA_STORE_SCRIPT_PATH, async (_req, res) => {
    const built = await host();
    if (!built) return void res.status(503).type('text').send('La tienda aún no está compilada.');
    res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    // Loaded by other origins' pages; helmet's default would block it (same-origin).
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    // Revalidated (ETag) on each page load, so a store pointed at another version shows at once.
    res.setHeader('Cache-Control', 'no-cache');
    res.send(cuotaStoreScript(entries().store, built));
  });
  return router;
}
