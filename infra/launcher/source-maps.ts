/**
 * Stack traces mapped to the TypeScript sources, only when asked (CUOTA_SOURCE_MAPS=1): Node
 * parses a bundle's whole source map at start and keeps it, 11–16 MB of heap per process
 * (ADR 0104). The deployed images never had it; the .map files stay beside each bundle.
 */
export const sourceMapFlags = (env: NodeJS.ProcessEnv = process.env): string[] =>
  env.CUOTA_SOURCE_MAPS === '1' ? ['--enable-source-maps'] : [];
