import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

// The shop with a flat shipping fee (SHIPPING_FEE=4,90): its own server start, so the main suite
// keeps running with free shipping. Same ports, data and mail folders as playwright.config.ts (run
// one after the other): `npx playwright test --config playwright.shipping.config.ts`.
const [smtp, shop, tlsFront] = base.webServer as NonNullable<Extract<typeof base.webServer, unknown[]>>;

export default defineConfig({
  ...base,
  testDir: "tests/e2e-shipping",
  reporter: [["list"], ["json", { outputFile: "test-results/e2e-shipping.json" }]],
  projects: base.projects?.filter((project) => project.name !== "phone"),
  webServer: [smtp, { ...shop, env: { ...shop.env, SHIPPING_FEE: "4,90" } }, tlsFront],
});
