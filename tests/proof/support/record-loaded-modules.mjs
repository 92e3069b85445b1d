// Preloaded with `node --import` by production-mode.test.ts: appends the URL of every module the
// process loads (ES modules and require() alike) to LOADED_MODULES_FILE.
import { appendFileSync } from "node:fs";
import { registerHooks } from "node:module";

const out = process.env.LOADED_MODULES_FILE;
registerHooks({
  load(url, context, nextLoad) {
    if (out) appendFileSync(out, `${url}\n`);
    return nextLoad(url, context);
  },
});
