// The architecture's boundaries (docs/architecture.md "Boundaries"), checked by `npm run lint`.
// Paths are relative to the repository root; `$1`, `$2` refer to the `from` path's groups.
const testFile = '\\.(test|integration\\.test|e2e\\.test)\\.tsx?$|/test-support/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'remote-to-backend',
      comment:
        'A remote (mfe-*) runs in the browser: it talks to the BFF over HTTP, never imports it.',
      severity: 'error',
      from: { path: '^mfe-' },
      to: { path: '^(services|bff)/' },
    },
    {
      name: 'shell-to-remote',
      comment: 'The shell loads remotes at run time from their manifests, never at build time.',
      severity: 'error',
      from: { path: '^shell/' },
      to: { path: '^mfe-' },
    },
    {
      name: 'bff-to-service-source',
      comment:
        "The BFF calls services over HTTP; its tests start one through the service's test-support export.",
      severity: 'error',
      from: { path: '^bff/' },
      to: {
        path: '^services/[^/]+/src/',
        pathNot: '^services/[^/]+/src/test-support/[^/]+-under-test\\.ts$',
      },
    },
    {
      name: 'service-to-other-service',
      comment: 'A service owns its data: others talk to it over HTTP or NATS, never import it.',
      severity: 'error',
      from: { path: '^services/([^/]+)/' },
      to: {
        path: '^services/',
        pathNot: ['^services/$1/', '^services/[^/]+/src/test-support/[^/]+-under-test\\.ts$'],
      },
    },
    {
      name: 'service-test-support-export-outside-tests',
      comment: "A service's test-support export is for other parts' tests only.",
      severity: 'error',
      from: { path: '^(services|bff)/', pathNot: testFile },
      to: { path: '^services/[^/]+/src/test-support/[^/]+-under-test\\.ts$' },
    },
    {
      name: 'package-to-app',
      comment: 'Shared packages are below every app: they import none.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^(services|bff|shell|mfe-|infra|e2e)' },
    },
    {
      name: 'cross-feature',
      comment:
        "A remote's feature imports only itself, src/components and shared packages; src/app composes features.",
      severity: 'error',
      from: { path: '^(mfe-[^/]+)/src/features/([^/]+)/' },
      to: { path: '^$1/src/features/', pathNot: '^$1/src/features/$2/' },
    },
    {
      name: 'feature-or-component-to-app',
      comment: 'Only src/app may compose; features and components never reach back up into it.',
      severity: 'error',
      from: { path: '^(mfe-[^/]+)/src/(features|components)/' },
      to: { path: '^$1/src/app/' },
    },
    {
      name: 'component-to-feature',
      comment: "A remote's shared components know no feature.",
      severity: 'error',
      from: { path: '^(mfe-[^/]+)/src/components/' },
      to: { path: '^$1/src/features/' },
    },
    {
      name: 'database-outside-repositories',
      comment:
        'In a service, and in the shared student read model, only repositories (and the schema, SQL expression helpers and migrations) touch the database.',
      severity: 'error',
      from: {
        path: '^(services/[^/]+|packages/student-directory)/src/',
        pathNot: ['-repository\\.ts$', '-sql\\.ts$', '(/|-)schema\\.ts$', '-db\\.ts$', testFile],
      },
      to: { path: 'node_modules/(drizzle-orm|pg)/' },
    },
    {
      name: 'events-outside-repositories',
      comment:
        'In a service only repositories enqueue events: a write and its event commit together, in one place (docs/adr/0029).',
      severity: 'error',
      from: { path: '^services/[^/]+/src/', pathNot: ['-repository\\.ts$', testFile] },
      to: { path: '^packages/messaging/src/outbox/enqueue-event\\.ts$' },
    },
    {
      name: 'rules-to-infrastructure',
      comment: 'Domain rules are pure: no HTTP framework, no database.',
      severity: 'error',
      from: { path: '-rules\\.ts$' },
      to: { path: 'node_modules/(express|drizzle-orm|pg|undici|@nats-io)/' },
    },
    {
      name: 'planned-rows-readers',
      comment:
        "The specification's rows nobody serves yet are read only by the OpenAPI document, the BFF's 501 and the spec check (ADR 0027).",
      severity: 'error',
      from: {
        pathNot: [
          '^packages/contracts/src/http/(all-planned-rows\\.ts|spec-rows\\.test\\.ts)$',
          '^bff/src/proxy/proxied-endpoints\\.ts$',
          '^bff/src/openapi/openapi-routes\\.ts$',
          `^bff/src/(openapi|proxy)/.*(${testFile})`,
        ],
      },
      to: { path: '^packages/contracts/src/([^/]+/planned-rows|http/all-planned-rows)\\.ts$' },
    },
    {
      name: 'no-circular',
      comment: 'An import cycle makes load order and ownership unclear.',
      severity: 'error',
      from: { pathNot: '^node_modules' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|coverage|@mf-types)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    combinedDependencies: false,
  },
};
