import { z } from "zod";

// Every schema the browser builds imports zod from here, so this runs before the first one exists.
// zod 4 probes once whether it may compile validators with `new Function("")`; the shop's CSP
// (no 'unsafe-eval') refuses, and Chromium reports the refusal as a CSP violation although zod
// only falls back to its interpreter. jitless skips the probe. The server keeps the compiled
// validators (no CSP there, and they are faster).
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
