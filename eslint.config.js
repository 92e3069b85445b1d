// Lint: typescript-eslint, React hooks, jsx-a11y, and the import boundaries of the layout:
// routes → components / server → lib, never back. Run with zero warnings by `npm test`.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Import patterns a layer may not use (both the `~/` alias and relative spellings). */
function forbid(...layers) {
  return layers.flatMap((layer) => [`~/${layer}/*`, `~/${layer}`, `**/${layer}/*`]);
}

function boundary(files, layers, message) {
  return {
    files,
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: forbid(...layers), message }] }],
    },
  };
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
      "@typescript-eslint/no-explicit-any": "off",
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
  boundary(["app/lib/**"], ["server", "components", "routes"], "app/lib is isomorphic: it imports only lib."),
  boundary(["app/components/**"], ["server", "routes"], "Components never import server code or routes."),
  boundary(["app/server/**"], ["components", "routes"], "Server modules never import components or routes."),
  boundary(
    ["server/**"],
    ["components", "routes"],
    "The HTTP server reaches routes only through React Router's build.",
  ),
);
