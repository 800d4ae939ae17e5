import type { Config } from 'jest';

const transform: Config['transform'] = {
  '^.+\\.tsx?$': ['ts-jest', { tsconfig: 'tsconfig.jest.json' }],
};

/** ESM-only packages in the server's dependency tree (light-my-request's `cookie`) compiled for jest. */
const esmDependencies = ['cookie'];

const config: Config = {
  // One temporary folder per run, deleted at its end whatever failed (see __tests__/runTempFolder.ts).
  globalSetup: '<rootDir>/__tests__/jestGlobalSetup.ts',
  globalTeardown: '<rootDir>/__tests__/jestGlobalTeardown.ts',
  projects: [
    {
      displayName: 'domain',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/__tests__/domain/**/*.test.ts'],
    },
    {
      // ESLint's Node API on small sources: the import boundaries of eslint.config.mjs.
      displayName: 'lint',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/__tests__/lint/**/*.test.ts'],
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      transform: {
        ...transform,
        '^.+\\.m?js$': ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs' } }],
      },
      transformIgnorePatterns: [`/node_modules/(?!(${esmDependencies.join('|')})/)`],
      testMatch: ['<rootDir>/__tests__/server/**/*.test.ts'],
      // Two instances share state only through PostgreSQL and Redis (TEST_DATABASE_URL, TEST_REDIS_URL);
      // the fleet's faults need CI's tools (initdb, redis-server, haproxy), there when those are.
      testPathIgnorePatterns: [
        ...(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL
          ? []
          : ['/__tests__/server/twoInstances\\.test\\.ts$', '/__tests__/server/fleetFaults\\.test\\.ts$']),
        // Database roles are PostgreSQL's.
        ...(process.env.TEST_DATABASE_URL ? [] : ['/__tests__/server/databaseRoles\\.test\\.ts$']),
      ],
      // Starting a database (PGlite boots PostgreSQL in WASM) takes seconds on a busy 2-core machine.
      setupFilesAfterEnv: ['<rootDir>/__tests__/server/setupServerTests.ts'],
    },
    {
      displayName: 'web',
      testEnvironment: 'jest-fixed-jsdom',
      testEnvironmentOptions: { customExportConditions: [''] },
      transform,
      testMatch: ['<rootDir>/__tests__/web/**/*.test.tsx', '<rootDir>/__tests__/web/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/__tests__/web/setupTests.ts'],
      moduleNameMapper: { '\\.(png|jpe?g|webp|svg|woff2?|mp4)$': '<rootDir>/__tests__/web/fileStub.ts' },
    },
  ],
};

export default config;
