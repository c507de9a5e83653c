import path from 'node:path';
import { startStaticServer } from './static-server.ts';

const distDir = path.resolve(process.env.DIST_DIR ?? 'dist');
const server = await startStaticServer(distDir, Number(process.env.PORT ?? 3001));
console.log(`serving ${distDir} at ${server.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void server.stop().then(() => process.exit(0)));
