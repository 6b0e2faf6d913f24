import type { Config } from 'jest'

// Tests run as CommonJS through ts-jest (the package itself is ESM; rollup builds that). ts-jest
// type-checks every test file, so the type tests in test/types/ fail the run when they fail to compile.
const config: Config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }],
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
}

export default config
