import { describe, expect, it } from "vitest";
import { pageHref, pageOf, requestedPage } from "~/lib/catalog/paging";

const items = Array.from({ length: 50 }, (_, i) => i + 1);

describe("catalogue pages", () => {
  it("splits a list into pages of 24 and says where a page stands", () => {
    expect(pageOf(items, 1).items).toEqual(items.slice(0, 24));
    expect(pageOf(items, 3)).toEqual({ items: [49, 50], paging: { page: 3, pages: 3, total: 50, outOfRange: false } });
    expect(pageOf(items, 4)).toEqual({ items: [], paging: { page: 4, pages: 3, total: 50, outOfRange: true } });
    expect(pageOf([], 1).paging).toEqual({ page: 1, pages: 1, total: 0, outOfRange: false });
  });

  it("reads ?seite=N and refuses what is no page number", () => {
    expect(requestedPage(new URLSearchParams(""))).toBe(1);
    expect(requestedPage(new URLSearchParams("seite=2"))).toBe(2);
    for (const bad of ["seite=0", "seite=-1", "seite=abc", "seite=02", "seite=1.5", "seite=", "seite=2&seite=3"]) {
      expect(requestedPage(new URLSearchParams(bad)), bad).toBeNull();
    }
  });

  it("gives page 1 the bare path, so each page has one address", () => {
    expect(pageHref("/products", 1)).toBe("/products");
    expect(pageHref("/products", 2)).toBe("/products?seite=2");
  });
});
