// Lint: typescript-eslint (no `any`), React hooks, jsx-a11y, no import cycles, and the import
// boundaries of the layout: routes → components / server → lib, never back; inside app/ every
// import goes through `~/`. Run with zero warnings by `npm test`.
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Import patterns a layer may not use (both the `~/` alias and relative spellings). */
function forbid(...layers) {
  return layers.flatMap((layer) => [`~/${layer}/*`, `~/${layer}`, `**/${layer}/*`]);
}

/**
 * Inside app/ a module names what it imports by its place (`~/server/orders/…`), so moving a file
 * changes its importers' one path string, and the path says the layer. React Router's generated
 * route types are the one exception (`./+types/<route>`, next to the route by design).
 */
const RELATIVE_IN_APP = {
  regex: "^(?!\\./\\+types/)\\.{1,2}(/|$)",
  message: "Inside app/, import through ~/ (e.g. ~/server/db/db.server), not a relative path.",
};

/**
 * `no-restricted-imports` for `files`: a config object replaces the rule's options of an earlier
 * one for the same file instead of merging them, so each one carries every pattern its files obey
 * (the relative-import ban for app/, plus the layer's boundary).
 */
function restrictImports(files, { inApp, layers = [], message = "" }) {
  const patterns = [
    ...(inApp ? [RELATIVE_IN_APP] : []),
    ...(layers.length > 0 ? [{ group: forbid(...layers), message }] : []),
  ];
  return { files, rules: { "no-restricted-imports": ["error", { patterns }] } };
}

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "build-*/**",
      ".react-router/**",
      "node_modules/**",
      ".data*/**",
      ".tmp/**",
      "test-results/**",
      "playwright-report/**",
      "coverage/**",
      "app/server/db/types.server.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // A module that imports, however indirectly, one that imports it: load order decides what is
    // still undefined. Type-only imports do not count (they are gone at run time).
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      // What import-x reads to follow an import: TypeScript and JavaScript, `~/` resolved by tsconfig.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  restrictImports(["app/**"], { inApp: true }),
  restrictImports(["app/lib/**"], {
    inApp: true,
    layers: ["server", "components", "routes"],
    message: "app/lib is isomorphic: it imports only lib.",
  }),
  restrictImports(["app/components/**"], {
    inApp: true,
    layers: ["server", "routes"],
    message: "Components never import server code or routes.",
  }),
  restrictImports(["app/server/**"], {
    inApp: true,
    layers: ["components", "routes"],
    message: "Server modules never import components or routes.",
  }),
  restrictImports(["server/**"], {
    layers: ["components", "routes"],
    message: "The HTTP server reaches routes only through React Router's build.",
  }),
);
