import { availableParallelism } from "node:os";
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
    // vitest runs cores − 1 files at once: one on a 2-core machine, though most integration
    // files spend their time waiting (servers, timeouts, PostgreSQL). Three at once took the
    // whole suite from about 21 to 12 minutes on 2 cores, every test passing (stop 40)
    maxWorkers: Math.max(availableParallelism() - 1, 3),
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
