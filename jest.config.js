/**
 * Test tiers: unit (beside the code; services run against the strict in-memory fakes of their
 * repositories in backend/src/testing), api (real app + real database over HTTP; test/security holds the
 * attack findings, one file per hardening item), money (the ledger
 * invariant under races, kills and restarts; the built gateway as a process), e2e (browser).
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: { '^@gw/shared$': '<rootDir>/libs/shared/src' },
  testEnvironment: 'node',
};
module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/{backend,libs,frontend-shell,frontend-admin,frontend-user}/**/src/**/*.spec.{ts,tsx}'],
      // @nestjs/* 12 and openid-client 6 (with oauth4webapi, jose) ship ES modules only; jest runs
      // CommonJS, so unit specs importing them need those packages transformed like our code.
      transformIgnorePatterns: ['/node_modules/(?!(@nestjs|openid-client|oauth4webapi|jose)/)'],
    },
    {
      ...common,
      displayName: 'api',
      testMatch: ['<rootDir>/test/api/**/*.test.ts', '<rootDir>/test/security/**/*.test.ts'],
      setupFiles: ['<rootDir>/test/support/setup-env.ts'],
    },
    {
      ...common,
      displayName: 'money',
      testMatch: ['<rootDir>/test/money/**/*.test.ts'],
      setupFiles: ['<rootDir>/test/support/setup-env.ts'],
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
      setupFiles: ['<rootDir>/test/support/setup-env.ts'],
    },
  ],
};
