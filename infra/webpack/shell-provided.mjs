// Which @cuota/ui and @cuota/web-core modules the shell imports, and therefore provides to
// the remotes (ADR 0025): a remote's own copies of those are fallbacks it never loads while
// the shell is there, so they stay out of the remote's `cuota-web` chunk.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const SPECIFIER =
  /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"](@cuota\/(?:ui|web-core)\/[^'"]+)['"]|\bimport\(\s*['"](@cuota\/(?:ui|web-core)\/[^'"]+)['"]\s*\)/gm;

function* sourceFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'test-support') yield* sourceFiles(file);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield file;
  }
}

/** The @cuota/ui and web-core specifiers a source file imports at run time (not `import type`). */
export function packageImports(source) {
  const found = [];
  for (const match of source.matchAll(SPECIFIER)) found.push(match[1] ?? match[2]);
  return found;
}

/**
 * Absolute paths of the package modules the app in `appDir` reaches from its own sources,
 * following the packages' imports of each other.
 * @param {string} appDir
 * @returns {Set<string>}
 */
export function packageModulesOf(appDir) {
  const require = createRequire(path.join(appDir, 'package.json'));
  const seen = new Set();
  const pending = [...sourceFiles(path.join(appDir, 'src'))];
  while (pending.length > 0) {
    const file = pending.pop();
    for (const specifier of packageImports(fs.readFileSync(file, 'utf8'))) {
      const resolved = fs.realpathSync(require.resolve(specifier));
      if (!seen.has(resolved)) {
        seen.add(resolved);
        pending.push(resolved);
      }
    }
  }
  return seen;
}

const WORKSPACE_SPECIFIER = /^@cuota\/(ui|web-core|contracts)\//;
/** A module of one of those packages, however it was imported (by specifier or relatively). */
const PACKAGE_FOLDER = /[\\/]packages[\\/](ui|web-core|contracts)[\\/]/;
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function resolveRelative(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
  ])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return undefined;
}

/**
 * Absolute paths of the @cuota/ui, web-core and contracts modules that `entries` import statically,
 * through the app's own modules and the packages' (not through `import()`): what an exposed
 * module needs before its first render, as opposed to its lazy pages. The modules in `provided`
 * (the shell's) are left out with what they import: the remote takes them from the shell.
 * @param {string} appDir
 * @param {string[]} entries absolute paths
 * @param {Set<string>} [provided] absolute paths
 * @returns {Set<string>}
 */
export function eagerPackageModulesOf(appDir, entries, provided = new Set()) {
  const require = createRequire(path.join(appDir, 'package.json'));
  const packageModules = new Set();
  const seen = new Set(entries);
  const pending = [...entries];
  while (pending.length > 0) {
    const file = pending.pop();
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      let resolved;
      if (specifier.startsWith('.')) resolved = resolveRelative(file, specifier);
      else if (WORKSPACE_SPECIFIER.test(specifier)) {
        resolved = fs.realpathSync(require.resolve(specifier));
        // Imported by specifier, it is a shared module: the shell's copy (imported by path, it
        // is the remote's own).
        if (provided.has(resolved)) continue;
      }
      if (!resolved) continue;
      if (PACKAGE_FOLDER.test(resolved)) packageModules.add(resolved);
      if (!seen.has(resolved)) {
        seen.add(resolved);
        pending.push(resolved);
      }
    }
  }
  return packageModules;
}

const ANY_IMPORT =
  /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;

/**
 * Every @cuota/ui, web-core and contracts specifier the shell's compilation imports, through
 * its own modules and the packages' (static or `import()`): the shared modules it provides.
 * @param {string} shellDir
 * @returns {Set<string>}
 */
export function shellProvidedSpecifiers(shellDir) {
  const require = createRequire(path.join(shellDir, 'package.json'));
  const specifiers = new Set();
  const seen = new Set();
  const pending = [...sourceFiles(path.join(shellDir, 'src'))];
  while (pending.length > 0) {
    const file = pending.pop();
    for (const match of fs.readFileSync(file, 'utf8').matchAll(ANY_IMPORT)) {
      const specifier = match[1] ?? match[2];
      let resolved;
      if (specifier.startsWith('.')) resolved = resolveRelative(file, specifier);
      else if (WORKSPACE_SPECIFIER.test(specifier)) {
        specifiers.add(specifier);
        resolved = fs.realpathSync(require.resolve(specifier));
      }
      if (resolved && !seen.has(resolved)) {
        seen.add(resolved);
        pending.push(resolved);
      }
    }
  }
  return specifiers;
}

/**
 * What a remote's `entries` load of their own before their first render while the shell is on
 * the page: the workspace modules (by specifier) the shell does not provide, and the other
 * packages imported by those or by the app's modules, statically (not through `import()`).
 * @param {string} appDir
 * @param {string[]} entries absolute paths
 * @param {Set<string>} provided what `shellProvidedSpecifiers` returns
 * @returns {{ workspaceModules: Set<string>, libraries: Set<string> }}
 */
export function ownFirstScreenImportsOf(appDir, entries, provided) {
  const require = createRequire(path.join(appDir, 'package.json'));
  const workspaceModules = new Set();
  const libraries = new Set();
  const seen = new Set(entries);
  const pending = [...entries];
  while (pending.length > 0) {
    const file = pending.pop();
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      let resolved;
      if (specifier.startsWith('.')) resolved = resolveRelative(file, specifier);
      else if (WORKSPACE_SPECIFIER.test(specifier)) {
        if (provided.has(specifier)) continue;
        workspaceModules.add(specifier);
        resolved = fs.realpathSync(require.resolve(specifier));
      } else
        libraries.add(
          specifier.startsWith('@')
            ? specifier.split('/').slice(0, 2).join('/')
            : specifier.split('/')[0],
        );
      if (resolved && !seen.has(resolved)) {
        seen.add(resolved);
        pending.push(resolved);
      }
    }
  }
  return { workspaceModules, libraries };
}
