import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
      'apps/web/scripts/**/*.test.mjs',
      'apps/web/build/**/*.test.ts',
    ],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Each file builds its own app and database; two at a time suits a 2-core machine.
    maxWorkers: 2,
    minWorkers: 1,
  },
});
