// `npm run remotes -- <command>`: what a remote team runs to deploy its remote alone
// (docs/remote-deploys.md). A build already publishes and points (publish-remote-plugin.mjs);
// these commands point at any published version, which is how a rollback is done.
import path from 'node:path';
import { repoRoot } from '../lib/workspaces.ts';
import {
  REMOTES,
  isRemote,
  pointRemote,
  publishRemote,
  publishedVersions,
  readVersions,
  remotesDir,
  type Remote,
} from './remote-versions.ts';

const USAGE = `usage:
  npm run remotes -- list [remote]              published versions, * = served
  npm run remotes -- publish <remote>           publish mfe-<remote>/dist (no pointing)
  npm run remotes -- point <remote> <version>   serve that version (deploy or roll back)
remotes: ${REMOTES.join(', ')}`;

function remoteArg(name: string | undefined): Remote {
  if (name && isRemote(name)) return name;
  throw new Error(USAGE);
}

function list(only?: string): void {
  const served = readVersions();
  for (const remote of only ? [remoteArg(only)] : REMOTES) {
    console.log(`${remote}:`);
    for (const version of publishedVersions(remote))
      console.log(`  ${version === served[remote] ? '*' : ' '} ${version}`);
  }
}

export function runRemotesCommand(args: string[]): void {
  const [command, remote, version] = args;
  switch (command) {
    case 'list':
      return list(remote);
    case 'publish': {
      const name = remoteArg(remote);
      const published = publishRemote(name, path.join(repoRoot, `mfe-${name}`, 'dist'));
      return console.log(`${name} ${published} published in ${remotesDir()}`);
    }
    case 'point':
      if (!version) throw new Error(USAGE);
      pointRemote(remoteArg(remote), version);
      return console.log(`${remote} now serves ${version}`);
    default:
      throw new Error(USAGE);
  }
}

if (import.meta.main) {
  try {
    runRemotesCommand(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  }
}
