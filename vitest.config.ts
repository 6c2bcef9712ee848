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
      { test: { name: "unit", include: ["src/**/*.test.ts"], environment: "node" } },
      // component tests for web flows with state
      { test: { name: "web", include: ["src/web/**/*.test.tsx"], environment: "happy-dom" } },
      integration("integration-pglite", "pglite"),
      // races only show on a real server: the same suite runs again on PostgreSQL
      ...(process.env.TEST_DATABASE_URL ? [integration("integration-postgres", "postgres")] : []),
    ],
  },
});
