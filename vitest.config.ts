import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["app/**/*.test.{ts,tsx}"], environment: "node" },
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
