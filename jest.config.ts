import type { Config } from 'jest'

// Tests run as CommonJS through ts-jest (the package itself is ESM; rollup builds that). ts-jest
// type-checks every test file, so the type tests in test/types/ fail the run when they fail to
// compile. React tests run twice: against React 19 and, with react/react-dom mapped to the
// react-18 / react-dom-18 aliases, against React 18.
const transform: Config['transform'] = {
  '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }],
}
// The React 18 run repeats tests the React 19 run already type-checked: transpile only.
const transpileOnly: Config['transform'] = {
  '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json', diagnostics: false }],
}
const moduleFileExtensions = ['ts', 'tsx', 'js', 'json']

const config: Config = {
  projects: [
    {
      displayName: 'node',
      testEnvironment: 'node',
      roots: ['<rootDir>/test'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/react/'],
      transform,
      moduleFileExtensions,
    },
    {
      displayName: 'react19',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/test/react'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      transform,
      moduleFileExtensions,
    },
    {
      displayName: 'react18',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/test/react'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      transform: transpileOnly,
      moduleFileExtensions,
      moduleNameMapper: {
        '^react$': 'react-18',
        '^react/(.*)$': 'react-18/$1',
        '^react-dom$': 'react-dom-18',
        '^react-dom/(.*)$': 'react-dom-18/$1',
      },
    },
  ],
}

export default config
