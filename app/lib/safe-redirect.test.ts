import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps same-site paths and refuses everything else", () => {
    expect(safeRedirectPath("/products/1?x=2", "/")).toBe("/products/1?x=2");
    for (const bad of [
      "//evil.example",
      "https://evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "",
      null,
      42,
    ]) {
      expect(safeRedirectPath(bad, "/cart")).toBe("/cart");
    }
  });
});
