// Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of a build, so the BFF
// and the remotes' static server send compressed bytes without compressing per request
// (packages/service-runtime/src/http/precompressed.ts picks the copy a browser accepts).
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { PRECOMPRESSED_EXTENSIONS } from '../../packages/service-runtime/src/http/precompressed.ts';

/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

async function* filesUnder(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else yield file;
  }
}

async function compressBeside(file) {
  const bytes = await fs.readFile(file);
  if (bytes.length < MIN_BYTES) return;
  const brotli = zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  await fs.writeFile(`${file}.br`, brotli);
  await fs.writeFile(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
}

export class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('PrecompressPlugin', async (compilation) => {
      if (compiler.options.mode !== 'production') return;
      const jobs = [];
      for await (const file of filesUnder(compilation.outputOptions.path))
        if (PRECOMPRESSED_EXTENSIONS.includes(path.extname(file))) jobs.push(compressBeside(file));
      await Promise.all(jobs);
    });
  }
}
