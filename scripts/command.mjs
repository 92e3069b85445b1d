// The operator commands, run from the server build (server/admin.ts, server/backup.ts), so no
// TypeScript is needed at run time. npm runs `npm run build` first:
//   npm run admin -- someone@example.com | npm run backup -- FILE | npm run restore -- FILE
// In the container: `node scripts/command.mjs admin someone@example.com` (likewise backup, restore).
process.env.LOG_LEVEL ??= "warn";
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const server = await import(new URL(`../${BUILD_DIR}/server/index.js`, import.meta.url).href);
const commands = { admin: server.runAdminCommand, backup: server.runBackupCommand, restore: server.runRestoreCommand };
const [name, ...args] = process.argv.slice(2);
if (!(name in commands)) {
  console.error(`Usage: node scripts/command.mjs ${Object.keys(commands).join("|")} …`);
  process.exitCode = 2;
} else {
  process.exitCode = await commands[name](args);
}
