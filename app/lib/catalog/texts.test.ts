import { describe, expect, it } from "vitest";
import { staticPageMeta } from "~/lib/catalog/seo";
import { catalogKindOfPath, KIND_TEXT } from "~/lib/catalog/texts";

describe("catalogKindOfPath", () => {
  it("reads the kind of a catalogue list or detail path", () => {
    expect(catalogKindOfPath("/courses")).toBe("courses");
    expect(catalogKindOfPath("/events/3f1c9a52-8d7e-4b7a-9c1e-2a4b6c8d0e1f")).toBe("events");
    expect(catalogKindOfPath("/products/")).toBe("products");
  });

  it("matches each kind's own list path", () => {
    for (const kind of ["courses", "events", "products"] as const) {
      expect(catalogKindOfPath(KIND_TEXT[kind].path)).toBe(kind);
    }
  });
});

describe("staticPageMeta", () => {
  it("gives the canonical link from the root's site URL, the branded title and the description", () => {
    const matches = [{ id: "root", data: { siteUrl: "https://behappy.example" } }];
    expect(staticPageMeta(matches, "/team", { title: "Team", description: "Die Menschen." })).toEqual([
      { tagName: "link", rel: "canonical", href: "https://behappy.example/team" },
      { title: "Team – BeHappy" },
      { name: "description", content: "Die Menschen." },
    ]);
  });

  it("leaves the canonical link out when the site URL is unknown", () => {
    expect(staticPageMeta([], "/about", { title: "Über uns", description: "D" })).toEqual([
      { title: "Über uns – BeHappy" },
      { name: "description", content: "D" },
    ]);
  });
});
