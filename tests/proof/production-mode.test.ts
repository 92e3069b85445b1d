// `npm start` (node server.mjs, no NODE_ENV, no SESSION_SECRET) serves production React: the
// server process loads no *.development.js bundle of react, react-dom or react-router, whether
// NODE_ENV is unset or says "development". On the embedded database it needs no configuration: it
// generates a session secret, keeps it in DATA_DIR (0600) and signs production (Secure, __Host-)
// cookies with it; a restart reads the same secret, so a session survives it.
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../../scripts/lib/app-server.mjs";
import { freshDataDir } from "./support/data-dir";

const HOOK = path.resolve("tests/proof/support/record-loaded-modules.mjs");
const DEVELOPMENT_BUNDLE = /\/node_modules\/(react|react-dom|react-router|@react-router\/[\w-]+)\/.*\.development\.js$/;

let server: AppServer | undefined;
let dataDir: Awaited<ReturnType<typeof freshDataDir>> | undefined;
let modulesFile = "";

afterEach(async () => {
  await server?.stop();
  server = undefined;
  await dataDir?.remove();
  dataDir = undefined;
  rmSync(modulesFile, { force: true });
});

/** Starts `node server.mjs` as `npm start` does: NODE_ENV as given, no SESSION_SECRET. */
async function startLikeNpmStart(nodeEnv: string | undefined) {
  dataDir = await freshDataDir("production-mode");
  modulesFile = `${dataDir.dir}-modules.txt`;
  server = await startAppServer({
    nodeArgs: ["--import", HOOK],
    stdio: "pipe",
    timeoutMs: 120_000,
    // undefined removes the variable from the child's environment (startAppServer sets both).
    env: {
      NODE_ENV: nodeEnv,
      SESSION_SECRET: undefined,
      DATA_DIR: dataDir.dir,
      LOADED_MODULES_FILE: modulesFile,
      LOG_LEVEL: "info",
    } as unknown as Record<string, string>,
  });
  // Render pages, so that whatever loads lazily on a request has loaded too.
  for (const page of ["/", "/products", "/auth"]) expect((await fetch(`${server.base}${page}`)).status).toBe(200);
  const loaded = readFileSync(modulesFile, "utf8").split("\n").filter(Boolean);
  return { loaded };
}

describe("npm start serves production React", () => {
  it("the recorder sees React's development bundle where NODE_ENV is unset (a plain node process)", () => {
    modulesFile = path.resolve(".tmp", `production-mode-control-${process.pid}.txt`);
    const env: NodeJS.ProcessEnv = { ...process.env, LOADED_MODULES_FILE: modulesFile };
    delete env.NODE_ENV;
    const run = spawnSync(process.execPath, ["--import", HOOK, "--input-type=commonjs", "-e", 'require("react")'], {
      env,
    });
    expect(run.status, String(run.stderr)).toBe(0);
    const loaded = readFileSync(modulesFile, "utf8").split("\n").filter(Boolean);
    expect(loaded.filter((file) => DEVELOPMENT_BUNDLE.test(file))).toEqual([
      expect.stringMatching(/react\/cjs\/react\.development\.js$/),
    ]);
  });

  for (const nodeEnv of [undefined, "development"]) {
    it(`NODE_ENV ${nodeEnv ?? "unset"}: no development bundle of react, react-dom or react-router is loaded`, async () => {
      const { loaded } = await startLikeNpmStart(nodeEnv);
      expect(
        loaded.some((file) => file.includes("/node_modules/react-dom/")),
        "the hook saw React DOM load",
      ).toBe(true);
      expect(loaded.filter((file) => DEVELOPMENT_BUNDLE.test(file))).toEqual([]);
      expect(
        loaded.filter((file) => /\/node_modules\/react(-dom)?\/cjs\/.*\.production\.js$/.test(file)).length,
      ).toBeGreaterThan(0);
      expect(server!.output()).toContain('"mode":"production"');
    });
  }

  it("the embedded default needs no SESSION_SECRET: one is generated, kept in DATA_DIR (0600) and survives a restart", async () => {
    await startLikeNpmStart(undefined);
    const secretFile = path.join(dataDir!.dir, "session-secret");
    const secret = readFileSync(secretFile, "utf8").trim();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
    // Production cookies: the theme cookie is the simplest one a visitor sets.
    const response = await fetch(`${server!.base}/theme`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Sec-Fetch-Site": "same-origin",
        Origin: server!.base,
      },
      body: "theme=dark",
      redirect: "manual",
    });
    expect(response.headers.get("set-cookie") ?? "").toMatch(/;\s*Secure/i);
    expect(response.headers.get("strict-transport-security")).toContain("max-age=");

    const { pid } = server!;
    await server!.stop();
    server = await startAppServer({
      stdio: "pipe",
      timeoutMs: 120_000,
      env: { NODE_ENV: undefined, SESSION_SECRET: undefined, DATA_DIR: dataDir!.dir } as unknown as Record<
        string,
        string
      >,
    });
    expect(server.pid).not.toBe(pid);
    expect(readFileSync(secretFile, "utf8").trim()).toBe(secret);
  });
});
