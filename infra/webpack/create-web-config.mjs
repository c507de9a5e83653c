// One webpack configuration for the shell (the Module Federation host) and the three
// remotes, so they cannot drift apart on the things that must match: the loader, the
// shared singletons and the federation options. Plain ESM because webpack-cli loads it.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { PrecompressPlugin } from './precompress-plugin.mjs';
import { PreloadStartChunks } from './preload-start-chunks.mjs';
import { PublishRemotePlugin } from './publish-remote-plugin.mjs';
import {
  eagerPackageModulesOf,
  packageModulesOf,
  shellProvidedSpecifiers,
} from './shell-provided.mjs';

const require = createRequire(import.meta.url);

/**
 * Libraries that hold module-level state (React's dispatcher, the router and Redux
 * contexts, styled-components' sheet, our store and API slice) must exist once on the
 * page. The trailing-slash keys share subpath imports too (`react/jsx-runtime`,
 * `react-dom/client`, `@cuota/web-core/store`); without them each container would
 * bundle its own copy and hooks would break ("Invalid hook call").
 */
const SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-router',
  '@reduxjs/toolkit',
  // RTK Query lives at @reduxjs/toolkit/query/react; it must be the copy baseApi was made with.
  '@reduxjs/toolkit/',
  'react-redux',
  'styled-components',
];

/** Our shared workspace packages and their folders (they export one module per file). */
const WORKSPACE_SINGLETONS = {
  '@cuota/ui': 'packages/ui',
  '@cuota/web-core': 'packages/web-core',
  '@cuota/contracts': 'packages/contracts',
};
const repoRoot = path.resolve(import.meta.dirname, '../..');
const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/**
 * A remote deployed alone may have been built against other shared libraries than the page
 * has. Each shared singleton carries its real version and the range the app needs: the one its
 * package.json declares (an exact pin reads as `^pin`: any later minor of that major), else
 * `^` the installed version. `strictVersion` makes an incompatible remote fail to load (its
 * route shows the Spanish fallback) instead of running against the wrong React, store or
 * contracts (ADR 0017, 0078). `CUOTA_REQUIRE_<NAME>` overrides a range at build time
 * (`CUOTA_REQUIRE_REACT`, `CUOTA_REQUIRE_CONTRACTS`…): the journeys that prove the refusal.
 */
export function sharedConfig(appDir, { remote = false } = {}) {
  const needs = readJson(path.join(appDir, 'package.json')).dependencies ?? {};
  const shared = {};
  for (const [key, version] of Object.entries(sharedVersions())) {
    const name = key.replace(/\/$/, '');
    const declared = needs[name] ?? version;
    const share = {
      singleton: true,
      strictVersion: true,
      version,
      requiredVersion:
        process.env[requireEnvName(name)] ??
        (/^\d+\.\d+\.\d+$/.test(declared) ? `^${declared}` : declared),
    };
    const keys = remote && STATELESS_WORKSPACE.has(name) ? shellProvidedUnder(key) : [key];
    for (const shareKey of keys) shared[shareKey] = share;
  }
  return shared;
}

/**
 * Contracts and ui hold no state of their own: a remote gains nothing from sharing a module of
 * theirs the shell does not provide, and each shared one costs its remoteEntry a consume and a
 * provide entry (~115 of them made the portal's remoteEntry 17 KB gz) and the page an async
 * consume. A remote shares exactly the ones the shell provides and bundles the rest into
 * `cuota-web`; web-core, which holds the session and the API slice, stays shared whole.
 */
const STATELESS_WORKSPACE = new Set(['@cuota/contracts', '@cuota/ui']);

const shellProvidedUnder = (prefix) =>
  [...shellProvidedSpecifiers(path.join(repoRoot, 'shell'))].filter((s) => s.startsWith(prefix));

/** `react-dom` → CUOTA_REQUIRE_REACT_DOM, `@cuota/web-core` → CUOTA_REQUIRE_WEB_CORE. */
const requireEnvName = (name) =>
  `CUOTA_REQUIRE_${name
    .replace(/^@cuota\/|^@/, '')
    .replace(/[^a-z0-9]+/gi, '_')
    .toUpperCase()}`;

/**
 * Every shared key with the version the page gets. Facades (shared-facades/) and workspace
 * packages are resolved to files whose own package.json would give the wrong version, so the
 * real package's is read.
 */
function sharedVersions() {
  const versionOf = (name) => readJson(require.resolve(`${name}/package.json`)).version;
  const versions = {};
  for (const key of SINGLETONS) versions[key] = versionOf(key.replace(/\/$/, ''));
  versions.zod = ZOD_VERSION;
  for (const [name, folder] of Object.entries(WORKSPACE_SINGLETONS))
    versions[`${name}/`] = readJson(path.join(repoRoot, folder, 'package.json')).version;
  return versions;
}

/** The ESM build of the plugin that shares the host's federation runtime-core. */
const INJECT_EXTERNAL_RUNTIME = createRequire(
  require.resolve('@module-federation/enhanced/webpack'),
)
  .resolve('@module-federation/inject-external-runtime-core-plugin')
  .replace(/\.cjs$/, '.js');

const REACT_ROUTER_DIR = path.dirname(require.resolve('react-router/package.json'));
const REACT_ROUTER_PRODUCTION = path.join(REACT_ROUTER_DIR, 'dist/production/index.mjs');
const REACT_ROUTER_DEVELOPMENT = path.join(REACT_ROUTER_DIR, 'dist/development/index.mjs');
const REDUX_TOOLKIT_DIR = path.dirname(require.resolve('@reduxjs/toolkit/package.json'));
const REDUX_TOOLKIT_BUILD = path.join(REDUX_TOOLKIT_DIR, 'dist/redux-toolkit.modern.mjs');
const REACT_REDUX_DIR = path.dirname(require.resolve('react-redux/package.json'));
const REACT_REDUX_BUILD = path.join(REACT_REDUX_DIR, 'dist/react-redux.mjs');
const STYLED_COMPONENTS_DIR = path.dirname(require.resolve('styled-components/package.json'));
const STYLED_COMPONENTS_BUILD = path.join(
  STYLED_COMPONENTS_DIR,
  'dist/styled-components.browser.esm.js',
);
const ZOD_DIR = path.dirname(require.resolve('zod/package.json'));
const ZOD_CORE = path.join(ZOD_DIR, 'v4/core');
const ZOD_VERSION = readJson(path.join(ZOD_DIR, 'package.json')).version;
const ZOD_BROWSER = path.join(import.meta.dirname, 'zod-browser');

/**
 * zod's classic schemas import its JSON Schema generator for `.toJSONSchema()`: ~7 KB gz that
 * every page parsing a response loaded and none uses. In browser builds those two imports
 * (from classic/schemas.js only) go to zod-browser/, which keeps the checks' summary and
 * throws if JSON Schema is asked for; parsing is zod's own code (ADR 0025).
 */
const zodWithoutJsonSchema = () =>
  new webpack.NormalModuleReplacementPlugin(
    /[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/,
    (resource) => {
      const issuer = resource.contextInfo?.issuer ?? '';
      if (!/[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/.test(issuer)) return;
      const file = /json-schema-processors/.test(resource.request)
        ? 'json-schema-processors.mjs'
        : 'to-json-schema.mjs';
      resource.request = path.join(ZOD_BROWSER, file);
    },
  );
const FACADES = path.join(import.meta.dirname, 'shared-facades');

function swcRule(development) {
  return {
    test: /\.[cm]?[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: require.resolve('swc-loader'),
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development } },
          target: 'es2022',
        },
      },
    },
  };
}

/**
 * Build-time values a part reads as `process.env.NAME`. Anything else on `process.env`
 * stays unreplaced and would fail in the browser, so every name must be listed here.
 */
function defineEnv(values) {
  const definitions = {};
  for (const [name, value] of Object.entries(values)) {
    definitions[`process.env.${name}`] = JSON.stringify(value);
  }
  return new webpack.DefinePlugin(definitions);
}

/**
 * The shell provides every shared module in a chunk of its own, and a shared module's chunk
 * asks for the shared modules it imports only once it has arrived: the first screen was ~60
 * small files fetched in six or seven rounds (Chromium opens six connections per origin).
 * Everything the shell itself imports is needed to start any page, so it comes in two files
 * (ADR 0025).
 */
const HOST_CHUNKS = {
  framework: {
    name: 'framework',
    test: /[\\/](node_modules[\\/](react|react-dom|scheduler|react-router|react-redux|redux|redux-thunk|@reduxjs|immer|reselect|use-sync-external-store|styled-components|stylis|@emotion|cookie|set-cookie-parser|@standard-schema)|infra[\\/]webpack[\\/]shared-facades)[\\/]/,
    chunks: 'async',
    enforce: true,
    priority: 20,
  },
  cuota: {
    name: 'cuota',
    test: /[\\/](packages[\\/](ui|web-core|contracts)|node_modules[\\/](zod|@trpc)|infra[\\/]webpack[\\/]zod-browser)[\\/]/,
    chunks: 'async',
    enforce: true,
    priority: 10,
  },
};

const UI_PACKAGES = /[\\/]packages[\\/](ui|web-core)[\\/]/;
const OWN_PACKAGES = /[\\/]packages[\\/](ui|web-core|contracts)[\\/]/;

/** The contracts modules the shell imports by specifier, and so provides to the remotes. */
function shellProvidedContracts() {
  const require = createRequire(path.join(repoRoot, 'shell', 'package.json'));
  return [...shellProvidedSpecifiers(path.join(repoRoot, 'shell'))]
    .filter((specifier) => specifier.startsWith('@cuota/contracts/'))
    .map((specifier) => fs.realpathSync(require.resolve(specifier)));
}

/**
 * The exposed modules a remote's `cuota-web` is for: its App and its home page. Its other pages
 * (the portal's Pagos, history, subscriptions) are exposed to load beside the App when opened,
 * but their contracts come with them, not on every page (ADR 0129: the home had carried every
 * payment contract, ~14 KB gz).
 */
const FIRST_SCREEN_MODULES = new Set(['./App', './page/home']);

/**
 * A remote's own copies of the shared libraries are fallbacks (the shell's are loaded first),
 * but the @cuota/ui and web-core modules the shell does not import come from the remote, in
 * two more rounds of small files (~300 ms each on a loaded machine). They come in one file,
 * `cuota-web`, with the contracts they import (else each contract's chunk carried its own copy
 * of what it imports by path: the portal's home loaded five such chunks). The ones the shell
 * imports (and so provides) stay out of it, each in its own fallback chunk that loads only on a
 * page without them (it held ~7 KB gz of such copies), and so do the modules those import by
 * path. Contracts only its other pages use come in their chunks, loaded with the page.
 */
function remoteChunks(appDir, exposes = {}) {
  const shellProvides = new Set([
    ...packageModulesOf(path.join(repoRoot, 'shell')),
    ...shellProvidedContracts(),
  ]);
  const eager = eagerPackageModulesOf(
    appDir,
    Object.entries(exposes)
      .filter(([key]) => FIRST_SCREEN_MODULES.has(key))
      .map(([, file]) => path.resolve(appDir, file)),
    shellProvides,
  );
  const ownPackageModule = (module, packages = UI_PACKAGES) =>
    packages.test(module.resource ?? '') && !shellProvides.has(module.resource);
  return {
    cuota: {
      name: 'cuota-web',
      test: (module) => ownPackageModule(module, OWN_PACKAGES) && eager.has(module.resource),
      chunks: 'async',
      enforce: true,
      priority: 10,
    },
    // The ones only its lazy pages import: one more file, with the first of those pages.
    cuotaLazy: {
      name: 'cuota-web-lazy',
      test: (module) => ownPackageModule(module),
      chunks: 'async',
      enforce: true,
    },
  };
}

/**
 * An exposed page's chunk is named after its key (`./page/home` → `page-home`). The route that
 * draws the page imports the same file with that name (`webpackChunkName: "page-home"`) and so
 * gets the very chunk the shell loaded ahead: unnamed, the two were identical files the portal's
 * home fetched both of (issue 16).
 */
export const pageChunkName = (key) => key.replace(/^\.\//, '').replace(/\//g, '-');
const namedPages = (exposes = {}) =>
  Object.fromEntries(
    Object.entries(exposes).map(([key, file]) => [
      key,
      key.startsWith('./page/') ? { import: file, name: pageChunkName(key) } : file,
    ]),
  );

/**
 * The federation runtime asks for the entry chunk's file name before content hashes
 * exist, only to learn how deep in `dist/` it sits; every other caller gets the hash.
 */
const entryFilename = (pathData) =>
  pathData.chunk?.contentHash?.javascript ? '[name].[contenthash:10].js' : '[name].js';

/**
 * The page before any script has run: it already says, in words, that Cuota is loading
 * (React replaces #root's content on its first render). Plain CSS, no script.
 */
const COLD_LOAD_PAGE = (htmlWebpackPlugin) => `<!doctype html>
<html lang="es-MX">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${htmlWebpackPlugin.options.title}</title>
    <style>
      .cold-load { display: flex; align-items: center; justify-content: center; gap: 12px;
        padding: 64px 16px; color: #525c6e; font: 600 1rem system-ui, sans-serif; }
      .cold-load::before { content: ''; width: 20px; height: 20px; border-radius: 50%;
        border: 4px solid #d5dae3; border-top-color: #0b5fff; animation: spin 0.8s linear infinite; }
      @keyframes spin { to { transform: rotate(360deg); } }
      @media (prefers-reduced-motion: reduce) { .cold-load::before { animation-duration: 2.4s; } }
    </style>
  </head>
  <body>
    <div id="root"><p class="cold-load" role="status">Cargando Cuota…</p></div>
  </body>
</html>`;

/**
 * @param {object} options
 * @param {string} options.appDir absolute directory of the app (holds package.json)
 * @param {string} options.name container name: `shell` or `mfe_<remote>`
 * @param {'host' | 'remote' | 'embed' | 'embed-remote'} options.role `embed`: a host for other
 *   sites' pages (ADR 0093), one script in `dist/embed/` that loads remotes from anywhere and
 *   shares nothing; `embed-remote`: a remote's modules for that host (ADR 0102), in the
 *   remote's `dist/embed/` (published with it), sharing nothing either, so each library is
 *   tree-shaken into the remote's chunks instead of coming whole as a shared fallback
 * @param {string} [options.entry] host and embed: the module that boots the page
 * @param {Record<string, string>} [options.exposes] remote only
 * @param {string} [options.title] host only: the HTML page title
 * @param {string} [options.favicon] host only: the icon served as /favicon.ico
 * @param {Record<string, string>} [options.env] build-time `process.env` values
 */
export function createWebConfig(options) {
  const { appDir, name, role, env = {} } = options;
  const host = role === 'host';
  const embed = role === 'embed';
  const embedRemote = role === 'embed-remote';
  const remote = role === 'remote' || embedRemote;
  return (_cliEnv, argv = {}) => {
    const mode = argv.mode ?? 'production';
    const production = mode === 'production';
    const hashed = production ? '[name].[contenthash:10].js' : '[name].js';
    return {
      mode,
      context: appDir,
      // A remote has no page of its own: Module Federation adds its container entry.
      entry: host ? { main: options.entry } : embed ? { [name]: options.entry } : {},
      devtool: production ? false : 'eval-cheap-module-source-map',
      output: {
        path: path.join(appDir, 'dist', ...(embed || embedRemote ? ['embed'] : [])),
        // The shell is served from the site root and deep links load `/main.js`; a remote
        // (or the embed, on another site's page) finds its chunks next to its own script.
        publicPath: host ? '/' : 'auto',
        // The embed's one file keeps its name: the BFF serves it behind its configuration.
        filename: embed ? '[name].js' : production ? entryFilename : hashed,
        chunkFilename: hashed,
        uniqueName: name,
        // The shell's and a remote's builds leave the embed's folder (its own build) alone.
        clean: embed || embedRemote ? true : { keep: /^embed[\\/]/ },
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
        alias: {
          // Shared as the names the apps use (see shared-facades/).
          'react-router$': path.join(FACADES, 'react-router.mjs'),
          '@reduxjs/toolkit$': path.join(FACADES, 'redux-toolkit.mjs'),
          'redux-toolkit-build$': REDUX_TOOLKIT_BUILD,
          'react-redux$': path.join(FACADES, 'react-redux.mjs'),
          'react-redux-build$': REACT_REDUX_BUILD,
          'styled-components$': path.join(FACADES, 'styled-components.mjs'),
          'styled-components-build$': STYLED_COMPONENTS_BUILD,
          'zod-json-schema-processors-build$': path.join(ZOD_CORE, 'json-schema-processors.js'),
          zod$: path.join(FACADES, 'zod.mjs'),
          'zod-classic-build$': path.join(ZOD_DIR, 'v4/classic/external.js'),
          'zod-spanish-build$': path.join(ZOD_DIR, 'v4/locales/es.js'),
          // react-router's package exports name only its development build (warnings and
          // checks); production builds take the production one.
          'react-router-build$': production ? REACT_ROUTER_PRODUCTION : REACT_ROUTER_DEVELOPMENT,
        },
      },
      module: { rules: [swcRule(!production)] },
      performance: { hints: false },
      ...(production && !embed
        ? {
            optimization: {
              // The embed's exposed module comes in one file with the libraries it uses: its
              // first paint is that file, and one gzip stream packs them tighter (ADR 0102).
              splitChunks: embedRemote
                ? false
                : { cacheGroups: host ? HOST_CHUNKS : remoteChunks(appDir, options.exposes) },
            },
          }
        : {}),
      plugins: [
        defineEnv(env),
        zodWithoutJsonSchema(),
        new PrecompressPlugin(),
        embed
          ? // The embed host uses @module-federation/runtime itself (ADR 0102): it shares and
            // exposes nothing, so the plugin's bundler runtime (~4 KB gz) has nothing to do.
            // The runtime's own switches, as the plugin would set them for a browser page.
            new webpack.DefinePlugin({
              ENV_TARGET: JSON.stringify('web'),
              FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: false,
              FEDERATION_OPTIMIZE_NO_REMOTE: false,
              FEDERATION_OPTIMIZE_NO_SHARED: false,
            })
          : new ModuleFederationPlugin({
              name,
              // Remotes publish mf-manifest.json (what GET /api/remotes points at); the host
              // publishes nothing.
              ...(!remote
                ? { manifest: false }
                : {
                    filename: 'remoteEntry.js',
                    exposes: namedPages(options.exposes),
                    manifest: true,
                  }),
              // Remotes are registered at run time from GET /api/remotes; none is compiled in.
              remotes: {},
              // The embed runs on pages without the shell: the remote provides every library.
              shared: embedRemote ? {} : sharedConfig(appDir, { remote }),
              // Load a remote only when its route needs it, so a remote that is down breaks
              // that route alone instead of the start of the whole page.
              shareStrategy: 'loaded-first',
              // Types come from the workspace packages, not from zips fetched at build time.
              dts: false,
              // One copy of the federation runtime on the page (ADR 0025): the shell puts its
              // runtime-core on globalThis and the remotes use it instead of bundling their own.
              // (`experiments.provideExternalRuntime` would do the same but registers the plugin's
              // CommonJS build, which drags a second, CommonJS copy of runtime-core into main.js.)
              ...(!remote ? { runtimePlugins: [INJECT_EXTERNAL_RUNTIME] } : {}),
              experiments: {
                externalRuntime: remote,
                // Browser only: the runtime's Node.js code paths (script loading via fs/vm) go.
                optimization: { target: 'web' },
              },
            }),
        ...(host
          ? [
              new HtmlWebpackPlugin({
                title: options.title,
                // Emitted as /favicon.ico, where browsers look for it, and linked from the page.
                favicon: options.favicon,
                templateContent: ({ htmlWebpackPlugin }) => COLD_LOAD_PAGE(htmlWebpackPlugin),
              }),
              ...(production ? [new PreloadStartChunks(Object.keys(HOST_CHUNKS))] : []),
            ]
          : embed
            ? // One file: a school's page asks Cuota for one script and nothing else of the host.
              [new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })]
            : embedRemote
              ? []
              : [new PublishRemotePlugin(name.replace(/^mfe_/, ''))]),
      ],
    };
  };
}
