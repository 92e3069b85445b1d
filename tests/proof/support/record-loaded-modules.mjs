// Preloaded with `node --import` by production-mode.test.ts: appends the path of every CommonJS
// module the process runs to LOADED_MODULES_FILE. It records compilation, not reading: Node reads
// both branches of React's `index.js` to find its exports, but runs only the one NODE_ENV picks.
import { appendFileSync } from "node:fs";
import Module from "node:module";

const out = process.env.LOADED_MODULES_FILE;
const compile = Module.prototype._compile;
Module.prototype._compile = function (content, filename, ...rest) {
  if (out) appendFileSync(out, `${filename}\n`);
  return compile.call(this, content, filename, ...rest);
};
