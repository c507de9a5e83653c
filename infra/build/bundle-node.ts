// Bundles a Node part (BFF, a service) into dist/<entry>.cjs: our workspace packages are
// compiled in (they ship TypeScript sources), npm packages stay external and load from
// node_modules at run time. Usage (from the part's folder): node bundle-node.ts src/main.ts …
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const workspaceScope = '@cuota/';

/** Externalise every bare import except our own workspace packages. */
const externalNpmPackages: Plugin = {
  name: 'external-npm-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.kind === 'entry-point' || args.path.startsWith(workspaceScope)
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

export async function bundleNode(partDir: string, entries: string[]): Promise<void> {
  await build({
    absWorkingDir: partDir,
    entryPoints: entries,
    outdir: path.join(partDir, 'dist'),
    outExtension: { '.js': '.cjs' },
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'cjs',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalNpmPackages],
  });
}

if (import.meta.main) {
  const entries = process.argv.slice(2);
  if (!entries.length) throw new Error('usage: bundle-node.ts <entry.ts>…');
  await bundleNode(process.cwd(), entries);
}
