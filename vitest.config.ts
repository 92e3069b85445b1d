import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          // Fast and in-process: no child processes, no real database, no SMTP server. A test that
          // needs any of those is named *.integration.test.ts and runs in the project below.
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts"],
          exclude: [...configDefaults.exclude, "**/*.integration.test.*"],
          environment: "node",
          // @react-router/express resolves to its CommonJS build here (no "module-sync" condition),
          // which loads a second copy of react-router: use its ES module build, and let Vitest load it like the app code.
          alias: { "@react-router/express": fileURLToPath(import.meta.resolve("@react-router/express")) },
          server: { deps: { inline: ["@react-router/express"] } },
        },
      },
      {
        extends: true,
        test: {
          // Colocated tests that start processes, open a real PGlite or talk to a real SMTP server
          // (backup and restore, the DATA_DIR lock race, the mail outbox): `*.integration.test.ts`.
          name: "integration",
          include: ["app/**/*.integration.test.{ts,tsx}", "server/**/*.integration.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: "db",
          include: ["tests/db/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/db/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Both engines are started once; files share them and isolate through fresh databases.
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // Proof under pressure: load, crash, hostile input, headers and quality checks against
          // the production build (run after `npm run build`; BUILD_DIR picks the build). One file at
          // a time, because the load tests need both cores to themselves.
          name: "proof",
          include: ["tests/proof/**/*.test.ts"],
          environment: "node",
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
