import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Import directions of docs/architecture.md, checked by the linter rather than by prose.
const pureLayer = {
  patterns: [
    {
      group: ['node:*', 'fs', 'path', 'crypto'],
      message: 'contracts and domain are pure: no Node-only modules.',
    },
    {
      group: ['react', 'react-dom', '@ecc/ui', '@ecc/db', '@ecc/web', '@ecc/server'],
      message: 'contracts and domain import no app, database or UI.',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.test-data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info', 'debug'] }],
    },
  },
  {
    files: ['packages/contracts/**/*.ts', 'packages/domain/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', pureLayer] },
  },
  {
    files: ['packages/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@ecc/db', '@ecc/server', '@ecc/web', 'node:*'],
              message: 'ui knows no feature, database or server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@ecc/db', '@ecc/server', 'node:*'],
              message: 'The web app never imports the database or server code.',
            },
          ],
        },
      ],
    },
  },
  {
    // The build's own plugins run in Node, not in the browser: Node's modules are theirs to use.
    files: ['apps/web/vite-plugins/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@ecc/db', '@ecc/server'],
              message: 'The web app never imports the database or server code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@ecc/db', '@ecc/server', 'node:*'],
              message: 'The web app never imports the database or server code.',
            },
            {
              group: ['**/features/**', '../*/**'],
              message: 'Features never import each other: move shared code to lib/ or a package.',
            },
            { group: ['**/app/**'], message: 'Code flows app → features, never back.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*', '!../*/*.schema*'],
              message: 'Server modules never import each other: move shared code to platform/ or a package.',
            },
          ],
        },
      ],
    },
  },
);
