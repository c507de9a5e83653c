// One transform for every workspace: swc compiles TypeScript (and the few ESM-only
// dependencies) to CommonJS so Jest runs sources directly, without a build step.
const path = require('node:path');

const esmOnly = ['jose', 'nanoid', 'pixelmatch'];

function project(dir, environment, testMatch = ['<rootDir>/src/**/*.test.ts?(x)']) {
  const web = environment === 'jsdom';
  return {
    displayName: dir,
    rootDir: path.join(__dirname, dir),
    testEnvironment: environment,
    testMatch,
    transform: {
      '^.+\\.(t|j|mj)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2023',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
    moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
    setupFilesAfterEnv: web ? [path.join(__dirname, 'jest.setup-web.cjs')] : [],
    // Services and the BFF started in tests check every answer against its response schema.
    setupFiles: web ? [] : [path.join(__dirname, 'jest.setup-node.cjs')],
    ...(web ? { testEnvironmentOptions: { customExportConditions: ['browser', 'default'] } } : {}),
  };
}

module.exports = { project };
