import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    // Integration files each open their own databases, so files may run side by side. Vitest's run mode uses
    // (cores − 1) workers: one on a 2-core machine, where many files also start servers of their own.
    fileParallelism: true,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
