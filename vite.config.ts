import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

/**
 * Fewer, larger chunks for what every page or every catalogue page loads. Left alone, the bundler
 * gives each module shared by two routes its own file: the first visit of `/` fetched 20 files of
 * the shop's own code, 1–7 KB each. On a phone over HTTP/1.1 (6 connections) every extra round of
 * requests costs a round trip before the page can hydrate. Only modules the layout or the
 * catalogue sections always use are grouped, so no page loads code it does not run.
 */
const CHUNK_GROUPS = [
  {
    // React, React DOM and React Router: every page, and they change only with an upgrade.
    name: "framework",
    test: /\/node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)\//,
    priority: 2,
  },
  {
    // The layout (header, footer, the footer's newsletter form, toasts): on every page. Not the
    // newsletter's token pages (/newsletter/confirm …), which only their routes load.
    name: "shell",
    priority: 1,
    test: /\/app\/(components\/(site\/(header|header-behaviour|footer|nav-items|external-link)|ui\/(button|cn|field|input|label|icons|toaster)|newsletter\/(newsletter-form|messages)|nonce|honeypot-field)|lib\/newsletter-consent)\.tsx?$/,
  },
  {
    // Catalogue cards and their states: home, offers, lists, details.
    name: "catalog",
    priority: 1,
    test: /\/app\/(components\/(catalog\/(catalog-card|catalog-image|catalog-section|catalog-states|price|seo|texts|join-cta)|deferred|ui\/(skeleton|badge))|lib\/format)\.tsx?$/,
  },
];

export default defineConfig(({ isSsrBuild }) => ({
  // As in React Router's node custom-server template: the server build's entry is the shop's
  // Express server (server/app.ts), which holds React Router's build (virtual:react-router/server-build).
  build: { rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined },
  plugins: [
    tailwindcss(),
    reactRouter(),
    // The hashed client files, compressed once at build time at the highest levels (brotli 11, gzip 9)
    // instead of per request; the server sends the stored variant (server/express-app.ts).
    isSsrBuild ? null : compression({ include: /\.(js|css|svg)$/, threshold: 1024 }),
  ],
  resolve: { tsconfigPaths: true },
  optimizeDeps: { exclude: ["@electric-sql/pglite"] },
  ssr: { external: ["@electric-sql/pglite", "pg", "@node-rs/argon2", "nodemailer"] },
  environments: {
    client: { build: { rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } } } },
  },
}));
