/** The @cuota/ui and web-core specifiers a source file imports at run time. */
export function packageImports(source: string): string[];
/** Absolute paths of the package modules the app in `appDir` reaches from its sources. */
export function packageModulesOf(appDir: string): Set<string>;
/** The @cuota/ui and web-core modules `entries` import statically (not through import()). */
export function eagerPackageModulesOf(appDir: string, entries: string[]): Set<string>;
