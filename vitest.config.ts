/**
 * Test projects:
 *   unit        pure functions (src/**\/*.test.ts, tests/unit)
 *   api-pglite  the real API router against an embedded PGlite seeded once (tests/api/global-setup.ts)
 *   api-pg      the same API tests against PostgreSQL (TEST_DATABASE_URL, default
 *               postgres://postgres@127.0.0.1:5432/test); one fresh database per test file.
 * Run: npx vitest run --project unit --project api-pglite --project api-pg
 */
import { defineConfig } from "vitest/config";

const apiProject = (name: "api-pglite" | "api-pg", driver: "pglite" | "pg") => ({
  extends: true as const,
  test: {
    name,
    include: ["tests/api/**/*.test.ts"],
    environment: "node",
    env: { DB_DRIVER: driver },
    globalSetup: ["tests/api/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "tests/unit/**/*.test.ts"],
          environment: "node",
        },
      },
      apiProject("api-pglite", "pglite"),
      apiProject("api-pg", "pg"),
    ],
  },
});
