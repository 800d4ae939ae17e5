import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * The one `no-restricted-imports` rule set. ESLint replaces a rule's options wholesale when a later
 * block names the rule again, so every block below is built here, each with the raw-react-redux ban.
 */
const rawReduxHooks = {
  name: 'react-redux',
  importNames: ['useDispatch', 'useSelector', 'useStore'],
  message: 'Raw react-redux hooks lose the store types: use src/shared/hooks.ts.',
};

function restrictedImports(forbidden = [], { allowRawReduxHooks = false } = {}) {
  return ['error', { paths: allowRawReduxHooks ? [] : [rawReduxHooks], patterns: forbidden }];
}

/** An import path that goes through the top-level folder `folder` of src/ (relative or from server/). */
const into = (folder, message) => ({ regex: `(^|/)${folder}(/|$)`, message });

const toApp = into('app', 'Only src/main.tsx and scripts import src/app: it composes, nothing builds on it.');
const toPages = into('pages', 'Pages compose features; only src/app imports pages.');
const toFeatures = into(
  'features',
  'Features are composed by pages; import from shared/, components/ or domain/.',
);
const toComponents = into(
  'components',
  'Shared code is below components: move what both need into src/shared.',
);
const sharedForbidden = [toApp, toPages, toFeatures, toComponents];
const anotherFeature = (depth) => ({
  regex: `^(\\.\\./){${depth}}[^./]`,
  message: 'A feature may not import another feature; the page that shows both composes them.',
});

const layers = [
  {
    files: ['src/domain/**/*.ts', 'src/config/**/*.ts'],
    forbidden: [
      ...sharedForbidden,
      into('shared', 'src/domain and src/config are pure: they import only each other and libraries.'),
    ],
  },
  { files: ['src/shared/**/*.{ts,tsx}'], forbidden: sharedForbidden },
  { files: ['src/components/**/*.{ts,tsx}'], forbidden: [toApp, toPages, toFeatures] },
  // A feature reaches another one by leaving its own folder: "../x" from its root, "../../x" one level down.
  { files: ['src/features/*/*.{ts,tsx}'], forbidden: [toApp, toPages, toFeatures, anotherFeature(1)] },
  { files: ['src/features/*/*/*.{ts,tsx}'], forbidden: [toApp, toPages, toFeatures, anotherFeature(2)] },
  { files: ['src/pages/**/*.{ts,tsx}'], forbidden: [toApp] },
  {
    files: ['server/**/*.ts'],
    forbidden: [
      {
        regex: 'src/(app|pages|features|components)(/|$)',
        message: 'The server may import src/domain and src/shared only.',
      },
    ],
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'build/',
      'node_modules/',
      'data/',
      'coverage/',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Module augmentation of LazyLoadedSlices is an interface that only extends.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': restrictedImports(),
    },
  },
  { files: ['**/*.mjs'], languageOptions: { globals: { process: 'readonly', console: 'readonly' } } },
  // Dependencies point one way: domain, config → shared → components → features → pages → app.
  ...layers.map(({ files, forbidden }) => ({
    files,
    rules: { 'no-restricted-imports': restrictedImports(forbidden) },
  })),
  {
    // The operator's commands print what strangers typed: only through server/cli/operatorOutput.ts,
    // which escapes every value, so no command can print one raw.
    files: ['server/cli/**/*.ts'],
    ignores: ['server/cli/operatorOutput.ts'],
    rules: {
      'no-console': 'error',
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'stdout', message: 'Print through server/cli/operatorOutput.ts.' },
        { object: 'process', property: 'stderr', message: 'Print through server/cli/operatorOutput.ts.' },
      ],
    },
  },
  // The typed hooks are made from the raw ones here, and only here.
  {
    // Plain-JavaScript build steps that `npm start` runs without a TypeScript loader.
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        process: 'readonly',
        console: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/shared/hooks.ts'],
    rules: { 'no-restricted-imports': restrictedImports(sharedForbidden, { allowRawReduxHooks: true }) },
  },
);
