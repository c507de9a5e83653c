import fs from 'node:fs';
import { z } from 'zod';
import type { BffConfig } from '../config/bff-config';

type Remotes = BffConfig['remotes'];

/** Where a remote entry's URL takes the version it is pointed at (ADR 0078). */
export const VERSION_PLACEHOLDER = '[version]';

/** A version is a folder in a URL: no slashes, no dots alone, nothing to escape. */
const versionSchema = z
  .string()
  .regex(/^[A-Za-z0-9._-]{1,64}$/, 'una versión solo lleva letras, dígitos, «.», «-» y «_»');

/** REMOTE_VERSIONS_FILE: the version each remote serves (written by `npm run remotes`). */
const versionsSchema = z.object({
  portal: versionSchema.optional(),
  dashboard: versionSchema.optional(),
  store: versionSchema.optional(),
});

/**
 * The remote entries with the versions file applied: an entry holding `[version]` gets the
 * version the file names for its remote; other entries are fixed URLs and stay as they are.
 * Throws when the file cannot be read or names no version for such an entry.
 */
export function entriesAtVersions(templates: Remotes, file: string): Remotes {
  const versions = versionsSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  const at = (remote: keyof Remotes) => {
    const template = templates[remote];
    if (!template.includes(VERSION_PLACEHOLDER)) return template;
    const version = versions[remote];
    if (!version) throw new Error(`${file} does not say which ${remote} version to serve`);
    return template.replace(VERSION_PLACEHOLDER, version);
  };
  return { portal: at('portal'), dashboard: at('dashboard'), store: at('store') };
}

/**
 * The remote entries pages get now. The versions file is read again whenever it is replaced
 * (a deploy or a rollback is picked up on the next page load, with no restart); a file that
 * does not parse keeps the last good entries and is reported, so a typo never takes every
 * page's remotes down. The first read happened at start-up (read-bff-config.ts) and failed
 * the start.
 */
export function createRemoteEntries(
  config: BffConfig,
  report: (error: unknown) => void,
): () => Remotes {
  const pointer = config.remoteVersions;
  let entries = config.remotes;
  let seen = '';
  return () => {
    if (!pointer) return entries;
    const now = fileIdentity(pointer.file);
    if (now === seen) return entries;
    seen = now;
    try {
      entries = entriesAtVersions(pointer.templates, pointer.file);
    } catch (error) {
      report(error);
    }
    return entries;
  };
}

/** Changes when the file is replaced (rename: a new inode) or rewritten (a new mtime). */
function fileIdentity(file: string): string {
  try {
    const stat = fs.statSync(file);
    return `${stat.ino}:${stat.mtimeMs}:${stat.size}`;
  } catch {
    return 'missing';
  }
}
