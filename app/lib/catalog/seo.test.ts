import { describe, expect, it } from "vitest";
import { loaderCanonicalMetaExport } from "~/lib/catalog/seo";

const text = { title: "Team", description: "Die Menschen." };

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
