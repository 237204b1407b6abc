// Lint: typescript-eslint's recommended rules plus the architecture's import directions
// (docs/architecture.md): domain imports nothing of ours and does no I/O; web never imports server;
// server never imports web; features use each other only through their service or repo modules.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**', 'bench/results/**', '.test-data/**', '.pw-room/**', 'release/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    files: ['src/domain/**'],
    rules: restrict([
      { group: ['**/server/**', '**/web/**'], message: 'src/domain imports nothing of ours outside src/domain.' },
      { group: ['node:*', 'pg', 'fastify', 'react', 'react-dom'], message: 'src/domain is pure: no I/O, no frameworks.' },
    ]),
  },
  {
    files: ['src/web/**'],
    rules: restrict([{ group: ['**/server/**'], message: 'The web app never imports server code; share through src/domain.' }]),
  },
  {
    files: ['src/web/floorplan/engine/**'],
    rules: restrict([
      { group: ['**/server/**'], message: 'The web app never imports server code.' },
      { group: ['react', 'react-dom', '**/view/**'], message: 'The editor engine knows no React.' },
    ]),
  },
  {
    files: ['src/server/**'],
    rules: restrict([{ group: ['**/web/**'], message: 'Server code never imports the web app.' }]),
  },
  {
    files: ['src/server/features/**'],
    rules: restrict([
      { group: ['**/web/**'], message: 'Server code never imports the web app.' },
      { group: ['../*/*.routes.js'], message: 'Features use each other through service or repo modules, never routes.' },
    ]),
  },
  {
    files: ['scripts/**/*.mjs', '*.config.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    files: ['**/*.test.ts', 'e2e/**', 'bench/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
