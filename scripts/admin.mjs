// `npm run admin -- someone@example.com` (after `npm run build`, which the npm script runs first):
// the admin command from the server build (server/admin.ts), so no TypeScript is needed at run time.
// In the container: `node scripts/admin.mjs someone@example.com`.
process.env.LOG_LEVEL ??= "warn";
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const { runAdminCommand } = await import(new URL(`../${BUILD_DIR}/server/index.js`, import.meta.url).href);
process.exitCode = await runAdminCommand(process.argv.slice(2));
