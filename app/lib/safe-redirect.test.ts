import { describe, expect, it } from "vitest";
import { hasControlCharacters, safeRedirectPath } from "~/lib/safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps same-site paths and refuses everything else", () => {
    expect(safeRedirectPath("/products/1?x=2", "/")).toBe("/products/1?x=2");
    expect(safeRedirectPath("/events#termine", "/")).toBe("/events#termine");
    for (const bad of [
      "//evil.example",
      "https://evil.example",
      "/\\evil.example",
      "/\\/evil.example",
      "javascript:alert(1)",
      "",
      null,
      42,
    ]) {
      expect(safeRedirectPath(bad, "/cart")).toBe("/cart");
    }
  });

  it("refuses control characters a browser would strip into //evil.example", () => {
    for (const bad of ["/\t/evil.example", "/\n/evil.example", "/\r\n/evil.example", "/%\u0000", "/\u007f/x"]) {
      expect(hasControlCharacters(bad)).toBe(true);
      expect(safeRedirectPath(bad, "/cart")).toBe("/cart");
    }
    expect(hasControlCharacters("/products?q=a%0Ab")).toBe(false);
  });

  it("returns what the browser will request, never a path that leaves the origin", () => {
    expect(safeRedirectPath("/a/../b", "/")).toBe("/b");
    expect(safeRedirectPath("/%2F%2Fevil.example", "/")).toBe("/%2F%2Fevil.example");
    for (const value of ["/x", "/./x", "/..//evil.example", "/.//evil.example"]) {
      const path = safeRedirectPath(value, "/");
      expect(new URL(path, "https://shop.example").origin).toBe("https://shop.example");
    }
  });
});
