import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
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
  },
  esbuild: { jsx: 'automatic' },
});
