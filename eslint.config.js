import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Import directions of docs/architecture.md, checked by the linter rather than by prose. Each folder is an element
// of one layer; an element may import only the layers its policy allows (and itself).
const LAYERS = [
  { type: 'contracts', pattern: 'packages/contracts/src' },
  { type: 'domain', pattern: 'packages/domain/src' },
  { type: 'db', pattern: 'packages/db/src' },
  { type: 'ui', pattern: 'packages/ui/src' },
  { type: 'web-app', pattern: 'apps/web/src/app' },
  { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
  { type: 'web-lib', pattern: 'apps/web/src/lib' },
  { type: 'web-components', pattern: 'apps/web/src/components' },
  { type: 'web-test', pattern: 'apps/web/src/test' },
  // The first matching folder names a file's layer: what is left in src is the app's entry point.
  { type: 'web-app', pattern: 'apps/web/src' },
  { type: 'web-tooling', pattern: 'apps/web' },
  { type: 'server-platform', pattern: 'apps/server/src/platform' },
  { type: 'server-module', pattern: 'apps/server/src/modules/*', capture: ['module'] },
  { type: 'server-test-support', pattern: 'apps/server/src/test-support' },
  { type: 'server-app', pattern: 'apps/server/src' },
  { type: 'e2e', pattern: 'e2e' },
  { type: 'bench', pattern: 'bench' },
  { type: 'scripts', pattern: 'scripts' },
].map((layer) => ({ partialMatch: false, ...layer }));

const layer = (...types) => ({ element: { types: { anyOf: types } } });
const SHARED_WEB = ['web-lib', 'web-components', 'ui', 'contracts', 'domain'];
const SERVER_BASE = ['server-platform', 'contracts', 'domain', 'db'];

const LAYER_POLICIES = [
  { from: layer('contracts'), allow: { to: layer('contracts') } },
  { from: layer('domain'), allow: { to: layer('domain', 'contracts') } },
  { from: layer('db'), allow: { to: layer('db', 'domain', 'contracts') } },
  { from: layer('ui'), allow: { to: layer('ui', 'contracts', 'domain') } },
  { from: layer('web-lib', 'web-components'), allow: { to: layer(...SHARED_WEB, 'web-test') } },
  {
    from: layer('web-feature'),
    allow: {
      to: {
        element: {
          types: { anyOf: ['web-feature'] },
          captured: { feature: '{{ from.element.captured.feature }}' },
        },
      },
    },
  },
  { from: layer('web-feature'), allow: { to: layer(...SHARED_WEB, 'web-test') } },
  { from: layer('web-app'), allow: { to: layer('web-app', 'web-feature', 'web-test', ...SHARED_WEB) } },
  { from: layer('web-test'), allow: { to: layer('web-test', ...SHARED_WEB) } },
  { from: layer('web-tooling'), allow: { to: layer('web-tooling', 'web-lib', 'contracts') } },
  { from: layer('server-platform'), allow: { to: layer(...SERVER_BASE, 'server-test-support') } },
  {
    from: layer('server-module'),
    allow: {
      to: {
        element: {
          types: { anyOf: ['server-module'] },
          captured: { module: '{{ from.element.captured.module }}' },
        },
      },
    },
  },
  { from: layer('server-module'), allow: { to: layer(...SERVER_BASE, 'server-test-support') } },
  // The shared data directory is found by one plain-Node module, which the end-to-end server's script uses too.
  { from: layer('server-test-support'), allow: { to: layer('scripts') } },
  {
    from: layer('server-app', 'server-test-support'),
    allow: { to: layer('server-app', 'server-module', 'server-test-support', ...SERVER_BASE) },
  },
  {
    from: layer('e2e'),
    allow: { to: layer('e2e', 'contracts', 'domain', 'server-test-support', 'scripts') },
  },
  {
    // Benchmarks measure whole product paths.
    from: layer('bench'),
    allow: { to: { element: { isUnknown: false } } },
  },
  { from: layer('scripts'), allow: { to: layer('scripts') } },
  // The scripts run before `npm install`, on Node alone; their tests run after it and may use the test helpers.
  {
    from: { element: { types: { anyOf: ['scripts'] } }, file: { path: '**/*.test.ts' } },
    allow: { to: layer('db', 'contracts', 'server-test-support') },
  },
];

// Layers that run in the browser or anywhere (contracts, domain, ui, web) use no Node-only module; the pure packages
// no React either. Which of our own folders a folder may import is LAYER_POLICIES' job.
const noNodeModules = {
  group: ['node:*', 'fs', 'path', 'crypto'],
  message: 'This layer runs in the browser: no Node-only modules.',
};
const noReact = { group: ['react', 'react-dom'], message: 'contracts and domain are pure: no React.' };

const LITERAL_API_PATH_MESSAGE =
  'Call the endpoint declared in packages/contracts with callEndpoint (or endpointUrl for a link) instead of writing its path.';

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
    files: ['**/*.{ts,tsx,js,mjs,mts}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': LAYERS,
      'import/resolver': { typescript: {} },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies: LAYER_POLICIES }],
    },
  },
  {
    // Every source file belongs to a layer; tool configuration files at the roots of the workspaces do not.
    files: ['apps/*/src/**', 'packages/*/src/**', 'e2e/**', 'bench/**', 'scripts/**'],
    rules: { 'boundaries/no-unknown-files': 'error' },
  },
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
    rules: { 'no-restricted-imports': ['error', { patterns: [noNodeModules, noReact] }] },
  },
  {
    files: ['packages/ui/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noNodeModules] }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [noNodeModules] }],
    },
  },
  {
    // API paths are declared once, in contracts: the browser builds its URLs from the endpoints there
    // (`callEndpoint`, `endpointUrl`). Tests and their fake server may name the paths they check.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        // A slash cannot be written in an esquery regular expression: \x2F stands for it.
        { selector: 'Literal[value=/^\\x2Fapi(\\x2F|$)/]', message: LITERAL_API_PATH_MESSAGE },
        { selector: 'TemplateElement[value.raw=/^\\x2Fapi(\\x2F|$)/]', message: LITERAL_API_PATH_MESSAGE },
      ],
    },
  },
  {
    // The build's own plugins run in Node, not in the browser: Node's modules are theirs to use.
    files: ['apps/web/vite-plugins/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-restricted-imports': 'off' },
  },
);
