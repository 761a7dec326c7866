import { configDefaults, defineConfig } from 'vitest/config';

// Tests that measure time (a cost's growth as ratios, an interrupt's delay) run after all the
// others, one file at a time: on a machine whose cores are busy with other test files a build's
// time varies far more than the margins they check.
const TIMED = ['test/growth/**/*.test.ts', 'test/**/*-growth.test.ts', 'test/cli/interrupt.test.ts'];

export default defineConfig({
  test: {
    setupFiles: ['test/helpers/setup.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Test files share a worker's module cache: React, unified, shiki and esbuild are imported once
    // per worker instead of once per file (a third of the unit tests' time). Files hold no state
    // between them; one that mocks a module loads its subjects afresh (vi.resetModules).
    isolate: false,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: { name: 'suite', include: ['test/**/*.test.{ts,tsx}'], exclude: [...configDefaults.exclude, ...TIMED], sequence: { groupOrder: 0 } },
      },
      { extends: true, test: { name: 'timed', include: TIMED, fileParallelism: false, sequence: { groupOrder: 1 } } },
    ],
  },
  esbuild: { jsx: 'automatic' },
});
