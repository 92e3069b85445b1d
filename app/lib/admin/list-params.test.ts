import { describe, expect, it } from "vitest";
import { listHref, readListParams, safeAdminPath, totalPages } from "~/lib/admin/list-params";

describe("admin list params", () => {
  it("reads ?q and ?page with safe defaults", () => {
    expect(readListParams(new URLSearchParams(""))).toEqual({ q: "", page: 1 });
    expect(readListParams(new URLSearchParams("q=%20Yoga%20&page=3"))).toEqual({ q: "Yoga", page: 3 });
    expect(readListParams(new URLSearchParams("page=-2")).page).toBe(1);
    expect(readListParams(new URLSearchParams("page=abc")).page).toBe(1);
    expect(readListParams(new URLSearchParams(`q=${"x".repeat(300)}`)).q).toHaveLength(100);
  });
  it("builds bookmarkable links, leaving out defaults", () => {
    expect(listHref("/admin/events", { q: "", page: 1 })).toBe("/admin/events");
    expect(listHref("/admin/events", { q: "Yoga & mehr", page: 2 })).toBe("/admin/events?q=Yoga+%26+mehr&page=2");
    expect(listHref("/admin/events", { page: 1 }, { delete: "abc" })).toBe("/admin/events?delete=abc");
  });
  it("counts pages of 10, at least one", () => {
    expect(totalPages(0)).toBe(1);
    expect(totalPages(10)).toBe(1);
    expect(totalPages(11)).toBe(2);
  });
  it("only ever returns to an admin path", () => {
    expect(safeAdminPath("/admin/events?q=x", "/admin")).toBe("/admin/events?q=x");
    expect(safeAdminPath("/admin", "/x")).toBe("/admin");
    for (const bad of [
      "https://evil.example/admin",
      "//evil.example",
      "/administrator",
      "/admin/..//evil",
      "/admin\\x",
      null,
    ]) {
      expect(safeAdminPath(bad, "/admin/events")).toBe("/admin/events");
    }
  });
});
