// Lint rules for every workspace: typescript-eslint's recommended set on TypeScript sources, and the rooms of
// docs/architecture.md#rooms enforced (scripts/lint-rooms.test.ts shows each rule failing on a bad import).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const SERVICES = ['billing', 'garages', 'gateway', 'identity', 'notifications', 'records'];

/** Within the services' sources and the kit they share, what is tooling rather than code a service runs. */
const TOOLING = ['packages/shared/src/testing/**', 'packages/shared/src/launcher/**', '**/*.test.{ts,tsx}'];

const ONLY_STORE_USES_POSTGRES = {
  name: 'pg',
  allowTypeImports: true,
  message: 'Only a store/ folder talks to Postgres: put the query in store/ and call it (docs/architecture.md#rooms).',
};
const ONLY_ROUTES_USE_EXPRESS = {
  name: 'express',
  allowTypeImports: true,
  message: 'Only a routes/ folder builds HTTP handlers with express (docs/architecture.md#rooms).',
};

/** An import of another service's sources, by relative path or by its workspace name. */
function otherServicesSources(own) {
  const others = SERVICES.filter((name) => name !== own).join('|');
  return {
    regex: `^(\\.\\.?/)*(\\.\\./)(services/)?(${others})/src(/|$)|^@sh/(${others})(/|$)`,
    message: `A service reaches another over HTTP, never into its src/; what both need moves to packages/shared (docs/architecture.md#rooms).`,
  };
}
const ANY_SERVICES_SOURCES = {
  regex: '(^|/)services/[a-z-]+/src(/|$)|^@sh/(' + SERVICES.join('|') + ')(/|$)',
  message:
    'Tools, tests and the web app reach a service over HTTP or start it as a process, never import its src/; what they share lives in packages/shared (docs/architecture.md#rooms).',
};

/**
 * One block per service and room: a later block's rule replaces an earlier one's, so each block lists all that
 * applies to its files.
 */
function roomRules() {
  const blocks = [];
  for (const service of [...SERVICES, 'shared']) {
    const root = service === 'shared' ? 'packages/shared' : `services/${service}`;
    const patterns = service === 'shared' ? [ANY_SERVICES_SOURCES] : [otherServicesSources(service)];
    const rule = (paths) => ({ '@typescript-eslint/no-restricted-imports': ['error', { paths, patterns }] });
    // Its tests too may not reach into another service's sources.
    blocks.push({ files: [`${root}/**/*.{ts,tsx}`], rules: rule([]) });
    const inRoot = (glob) => [`${root}/src/${glob}`];
    blocks.push({
      files: inRoot('**/*.{ts,tsx}'),
      ignores: [...TOOLING, `${root}/src/**/store/**`, `${root}/src/**/routes/**`],
      rules: rule([ONLY_STORE_USES_POSTGRES, ONLY_ROUTES_USE_EXPRESS]),
    });
    blocks.push({ files: inRoot('**/store/**/*.{ts,tsx}'), ignores: TOOLING, rules: rule([ONLY_ROUTES_USE_EXPRESS]) });
    blocks.push({
      files: inRoot('**/routes/**/*.{ts,tsx}'),
      ignores: TOOLING,
      rules: rule([ONLY_STORE_USES_POSTGRES]),
    });
  }
  blocks.push({
    files: ['bench/**/*.ts', 'scripts/**/*.ts', 'e2e/**/*.ts', 'web/**/*.{ts,tsx}', 'doubles/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [ANY_SERVICES_SOURCES] }] },
  });
  return blocks;
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'e2e/artifacts/**',
      'bench/results/**',
      '**/*.js',
      '!eslint.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // The one plain-JavaScript script: it runs on Node before anything is installed.
    files: ['scripts/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', setTimeout: 'readonly', URL: 'readonly' } },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  ...roomRules(),
);
