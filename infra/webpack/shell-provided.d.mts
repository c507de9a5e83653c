/** The @cuota/ui and web-core specifiers a source file imports at run time. */
export function packageImports(source: string): string[];
/** Absolute paths of the package modules the app in `appDir` reaches from its sources. */
export function packageModulesOf(appDir: string): Set<string>;
/**
 * The @cuota/ui, web-core and contracts modules `entries` import statically (not through
 * import()), leaving out the `provided` ones imported by specifier and what those import.
 */
export function eagerPackageModulesOf(
  appDir: string,
  entries: string[],
  provided?: Set<string>,
): Set<string>;
/** Every @cuota/ui, web-core and contracts specifier the shell imports: what it provides. */
export function shellProvidedSpecifiers(shellDir: string): Set<string>;
/** What a remote's `entries` load of their own before the first render beside the shell. */
export function ownFirstScreenImportsOf(
  appDir: string,
  entries: string[],
  provided: Set<string>,
): { workspaceModules: Set<string>; libraries: Set<string> };
