import { defineConfig } from "vitest/config";

const integration = (name: string, db: "pglite" | "postgres") => ({
  test: {
    name,
    include: ["tests/integration/**/*.test.ts"],
    globalSetup: [`tests/support/global-setup-${db}.ts`],
    env: { SAGE_TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      // timeouts are a hang guard, not a speed check: a busy 2-core machine (CI beside other
      // jobs) ran a ~1 s property test past vitest's default 5 s
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.ts"],
          environment: "node",
          testTimeout: 20_000,
        },
      },
      // component tests for web flows with state
      {
        test: {
          name: "web",
          include: ["src/web/**/*.test.tsx"],
          environment: "happy-dom",
          setupFiles: ["src/web/test/setup.ts"],
          testTimeout: 20_000,
        },
      },
      integration("integration-pglite", "pglite"),
      // races only show on a real server: the same suite runs again on PostgreSQL
      ...(process.env.TEST_DATABASE_URL ? [integration("integration-postgres", "postgres")] : []),
    ],
  },
});
