import { describe, expect, it } from "vitest";
import { loaderCanonicalMetaExport, staticPageMetaExport } from "./page-meta";

const text = { title: "Team", description: "Die Menschen." };

describe("staticPageMetaExport", () => {
  it("links the page's own path on the root's site URL", () => {
    const meta = staticPageMetaExport({ ...text, path: "/team" });
    const matches = [{ id: "root", data: { siteUrl: "https://behappy.example" } }];
    expect(meta({ matches })).toEqual([
      { tagName: "link", rel: "canonical", href: "https://behappy.example/team" },
      { title: "Team – BeHappy" },
      { name: "description", content: "Die Menschen." },
    ]);
  });
});

describe("loaderCanonicalMetaExport", () => {
  it("takes the canonical URL from the loader's answer", () => {
    const tags = loaderCanonicalMetaExport(text)({ loaderData: { canonical: "https://behappy.example/offers" } });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://behappy.example/offers" });
    expect(tags).toContainEqual({ title: "Team – BeHappy" });
  });

  it("leaves the canonical link out while there is no loader answer (error page)", () => {
    const tags = loaderCanonicalMetaExport(text)({});
    expect(tags.some((tag) => "rel" in tag && tag.rel === "canonical")).toBe(false);
  });
});
