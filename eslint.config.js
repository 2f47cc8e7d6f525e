import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB_APP = path.resolve('apps/web/app');

/**
 * Web feature boundaries (decision 011; bulletproof-react's import/no-restricted-paths zones, without the plugin): one
 * direction, shared → features → routes. A feature never imports another feature, and the shared
 * layers (components, lib, hooks, config, i18n) import neither features nor routes. Code that two
 * features need moves to a shared layer; a screen that combines two features is put together in
 * its route.
 */
const webBoundaries = {
  rules: {
    'no-cross-feature-imports': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const file = path.resolve(context.filename);
        const fromPart = path.relative(WEB_APP, file).split(path.sep);
        if (fromPart[0] === '..') return {};
        const check = (node) => {
          const spec = node.source?.value;
          if (typeof spec !== 'string' || !spec.startsWith('.')) return;
          const target = path.relative(WEB_APP, path.resolve(path.dirname(file), spec)).split(path.sep);
          if (target[0] === '..') return;
          const fromFeature = fromPart[0] === 'features' ? fromPart[1] : null;
          if (target[0] === 'features' && fromFeature && target[1] !== fromFeature) {
            context.report({
              node: node.source,
              message: `Feature "${fromFeature}" imports feature "${target[1]}": move what both need to a shared layer, or compose them in a route.`,
            });
          } else if (
            (target[0] === 'features' || target[0] === 'routes') &&
            !fromFeature &&
            fromPart[0] !== 'routes' &&
            !fromPart[0].startsWith('root.') &&
            !fromPart[0].startsWith('entry.')
          ) {
            context.report({
              node: node.source,
              message: `Shared code (${fromPart[0]}/) imports ${target[0]}/: imports go shared → features → routes.`,
            });
          } else if (target[0] === 'routes' && fromFeature) {
            context.report({
              node: node.source,
              message: 'A feature imports a route: imports go shared → features → routes.',
            });
          }
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: (node) => check({ source: node.source }),
        };
      },
    },
  },
};

const SERVER_SRC = path.resolve('apps/server/src');

/**
 * Server module boundaries (docs/architecture.md, "Module boundaries"): code outside a module
 * `apps/server/src/modules/<name>/` imports it only through its `index.ts`, the module's public
 * entry, or its SQL declarations `sql/index.ts`. Tests and test helpers may reach inside to set up state.
 */
const serverBoundaries = {
  rules: {
    'modules-through-index': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const file = path.resolve(context.filename);
        const from = path.relative(SERVER_SRC, file).split(path.sep);
        if (from[0] === '..') return {};
        const base = path.basename(file);
        if (base.endsWith('.test.ts') || base.startsWith('test-')) return {};
        const fromModule = from[0] === 'modules' ? from[1] : null;
        const check = (node) => {
          const spec = node.source?.value;
          if (typeof spec !== 'string' || !spec.startsWith('.')) return;
          const target = path.relative(SERVER_SRC, path.resolve(path.dirname(file), spec)).split(path.sep);
          if (target[0] !== 'modules' || target.length < 3) return;
          if (target[1] === fromModule || (target.length === 3 && target[2] === 'index.ts')) return;
          // A module's SQL declarations are its second entry: the migration assembler reads them
          // without building the app (docs/bet-checks.md).
          if (target.length === 4 && target[2] === 'sql' && target[3] === 'index.ts') return;
          context.report({
            node: node.source,
            message: `Import module "${target[1]}" through modules/${target[1]}/index.ts, its public entry (export what you need there).`,
          });
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: (node) => check({ source: node.source }),
        };
      },
    },
  },
};

/**
 * Where SQL may be written (docs/architecture.md, "Where code goes"): repositories (`*.repository.ts`),
 * seeds (`*.seed.ts`, demo data) and the database layer (`db/`). Everything else calls a repository,
 * so a newcomer finds every query a module runs in one file. Detected by what builds a query: a
 * value import of drizzle-orm, of the table schema (`db/schema`) or of the raw-query helper
 * (`db/sql.ts`). Type-only imports are fine (a service may pass a `Db` or a row type along).
 */
const SQL_SOURCES = [/^drizzle-orm(\/|$)/];
const SQL_FILES = [path.join(SERVER_SRC, 'db', 'schema'), path.join(SERVER_SRC, 'db', 'sql.ts')];
const sqlInRepositories = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = path.resolve(context.filename);
    const from = path.relative(SERVER_SRC, file).split(path.sep);
    if (from[0] === '..' || from[0] === 'db') return {};
    const base = path.basename(file);
    if (
      base.endsWith('.test.ts') ||
      base.startsWith('test-') ||
      base.endsWith('.repository.ts') ||
      base.endsWith('.seed.ts')
    )
      return {};
    const check = (node) => {
      if (node.importKind === 'type') return;
      const specifiers = node.specifiers ?? [];
      if (specifiers.length > 0 && specifiers.every((s) => s.importKind === 'type')) return;
      const spec = node.source?.value;
      if (typeof spec !== 'string') return;
      const resolved = spec.startsWith('.') ? path.resolve(path.dirname(file), spec) : null;
      const isSql =
        SQL_SOURCES.some((re) => re.test(spec)) ||
        (resolved !== null &&
          SQL_FILES.some((f) => resolved === f || resolved.startsWith(f + path.sep) || resolved === f + '/index.ts'));
      if (isSql)
        context.report({
          node: node.source,
          message: `SQL is written in repositories (*.repository.ts) and db/ only: move this query into the module's repository and call it from here.`,
        });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
serverBoundaries.rules['sql-in-repositories'] = sqlInRepositories;

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/dist/**',
      '**/.react-router/**',
      '**/coverage/**',
      '.data/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='Math'][property.name='random']",
          message: 'Use the CSPRNG (node:crypto) — outcomes and secrets must not come from Math.random.',
        },
      ],
    },
  },
  {
    // Type-aware: a promise nobody awaits or handles loses its error (an unhandled rejection after a
    // committed payment, say). Fire-and-forget must be explicit: `void promise` with its own catch.
    files: ['apps/server/**/*.ts', 'packages/**/*.ts', 'apps/web/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'server-boundaries': serverBoundaries },
    rules: {
      'server-boundaries/modules-through-index': 'error',
      'server-boundaries/sql-in-repositories': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'web-boundaries': webBoundaries },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': 'off',
      'web-boundaries/no-cross-feature-imports': 'error',
    },
  },
);
