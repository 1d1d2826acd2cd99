/**
 * Test projects:
 *   unit        pure functions (src/**\/*.test.ts, tests/unit)
 *   api-pglite  the real API router against an embedded PGlite seeded once (tests/api/global-setup.ts)
 *   api-pg      the same API tests against PostgreSQL (TEST_DATABASE_URL, default
 *               postgres://postgres@127.0.0.1:5432/test); one fresh database per test file,
 *               copied from a template seeded once (tests/api/global-setup.ts).
 *   astro       .astro components rendered to HTML with Astro's container API
 *               (src/**\/*.astro.test.ts; Vite config from astro's getViteConfig so .astro compiles)
 * Run: npx vitest run --project unit --project astro --project api-pglite --project api-pg
 */
import os from "node:os";
import { configDefaults, defineConfig } from "vitest/config";
import { getViteConfig } from "astro/config";

const apiProject = (name: "api-pglite" | "api-pg", driver: "pglite" | "pg") => ({
  extends: true as const,
  test: {
    name,
    include: ["tests/api/**/*.test.ts"],
    environment: "node",
    env: { DB_DRIVER: driver },
    globalSetup: ["tests/api/global-setup.ts"],
    // Files of a worker share loaded modules (each file opens its own database and app context
    // in createTestApp): importing the whole server once per worker, not once per file, halves
    // the project's time.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one worker on a 2-core machine, where the
    // tests then keep 1.3 cores busy (330 s); two workers keep 1.8 busy (210 s).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // New password hashes at the test cost (src/server/domain/kernel/password.ts TEST_SCRYPT_PARAMS):
    // the standard cost spends minutes of the suite on registrations and logins.
    env: { PASSWORD_HASH_COST: "test" },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "tests/unit/**/*.test.ts"],
          exclude: [...configDefaults.exclude, "src/**/*.astro.test.ts"],
          environment: "node",
        },
      },
      getViteConfig({ test: { name: "astro", include: ["src/**/*.astro.test.ts"], environment: "node" } }),
      apiProject("api-pglite", "pglite"),
      apiProject("api-pg", "pg"),
    ],
  },
});
