// Starts the shop's server (server/app.ts). Production (`npm start`, the container): the build
// that `npm run build` made, BUILD_DIR/server/index.js. Development (`npm run dev`, `--dev`): the
// same TypeScript through Vite in middleware mode, mounted on the same Express app, so dev sends
// the same headers, enforces the same body bound and sees the same client IP as production.
import http from "node:http";

if (process.argv.includes("--dev")) {
  process.env.NODE_ENV ??= "development";
  const { createServer } = await import("vite");
  const httpServer = http.createServer();
  const vite = await createServer({
    server: { middlewareMode: true, hmr: { server: httpServer } },
    appType: "custom",
  });
  const { start } = await vite.ssrLoadModule("/server/app.ts");
  // A helper Vite server of React Router's plugin exits the process on SIGTERM; the graceful stop in
  // server/app.ts closes Vite itself, then the database.
  process.removeAllListeners("SIGTERM");
  await start({ mode: "development", dev: { middleware: vite.middlewares, httpServer, close: () => vite.close() } });
} else {
  // Production runs production React whatever the environment says: React and React DOM pick their
  // development or production bundle from NODE_ENV when they are first loaded, and `npm start`
  // leaves it unset. Only a test harness's NODE_ENV=test survives, as the app's own setting (no
  // Secure cookies, fast password hashing); React is loaded as production either way.
  const requested = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  const buildDir = process.env.BUILD_DIR ?? "build";
  const { start } = await import(new URL(`./${buildDir}/server/index.js`, import.meta.url).href);
  if (requested === "test") process.env.NODE_ENV = "test";
  await start({ mode: "production", buildDir });
}
