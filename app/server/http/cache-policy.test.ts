import { describe, expect, it } from "vitest";
import { CACHE_POLICY, cacheHeaders, pageHeaders } from "~/server/http/cache-policy.server";

const headers = (init: Record<string, string> = {}) => new Headers(init);
const TOAST_CLEARED = "toast=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax";

describe("pageHeaders (a page's `headers` export)", () => {
  it("passes a catalogue loader's public policy on, varying by cookie", () => {
    expect(
      pageHeaders({ loaderHeaders: headers(cacheHeaders("catalogue", { Vary: "Cookie" })), parentHeaders: headers() }),
    ).toEqual({ "Cache-Control": "public, max-age=60, s-maxage=300", Vary: "Cookie" });
  });

  it("gives a static page its own policy when the loader names none", () => {
    expect(pageHeaders({ loaderHeaders: headers(), parentHeaders: headers() }, "staticPage")).toEqual({
      "Cache-Control": "public, max-age=300, s-maxage=3600",
      Vary: "Cookie",
    });
  });

  it("is private when a parent sets a cookie, since React Router sends that cookie with the page", () => {
    const parentHeaders = headers({ "Set-Cookie": TOAST_CLEARED });
    const catalogue = headers(cacheHeaders("catalogue"));
    expect(pageHeaders({ loaderHeaders: catalogue, parentHeaders })).toEqual({
      "Cache-Control": "private, no-store",
      Vary: "Cookie",
    });
    expect(pageHeaders({ loaderHeaders: headers(), parentHeaders }, "staticPage")["Cache-Control"]).toBe(
      "private, no-store",
    );
  });

  it("is private when the page's own loader or action sets a cookie", () => {
    const cookie = headers({ "Set-Cookie": "cart=abc; Path=/; HttpOnly" });
    expect(pageHeaders({ loaderHeaders: cookie, parentHeaders: headers() }, "staticPage")["Cache-Control"]).toBe(
      "private, no-store",
    );
    expect(
      pageHeaders({ loaderHeaders: headers(), parentHeaders: headers(), actionHeaders: cookie }, "staticPage")[
        "Cache-Control"
      ],
    ).toBe("private, no-store");
  });

  it("is private when a parent made the page private (signed in, items in the cart)", () => {
    const parentHeaders = headers(cacheHeaders("private"));
    expect(pageHeaders({ loaderHeaders: headers(cacheHeaders("catalogue")), parentHeaders })).toEqual({
      "Cache-Control": "private, no-store",
      Vary: "Cookie",
    });
    expect(pageHeaders({ loaderHeaders: headers(), parentHeaders })).toEqual({
      "Cache-Control": "private, no-store",
      Vary: "Cookie",
    });
  });

  it("keeps a loader's private answer (a 404 detail) and sends nothing when nobody named a policy", () => {
    expect(
      pageHeaders({ loaderHeaders: headers(cacheHeaders("private")), parentHeaders: headers() })["Cache-Control"],
    ).toBe("private, no-store");
    expect(pageHeaders({ loaderHeaders: headers(), parentHeaders: headers() })).toEqual({});
  });
});

describe("cache policies", () => {
  it("are public only where nothing personal is served", () => {
    const publicOnes = Object.entries(CACHE_POLICY)
      .filter(([, value]) => value.startsWith("public"))
      .map(([name]) => name);
    expect(publicOnes.sort()).toEqual(["catalogue", "robots", "staticPage"]);
    expect(cacheHeaders("download", { "Content-Type": "text/csv" })).toEqual({
      "Cache-Control": "private, no-store",
      "Content-Type": "text/csv",
    });
  });
});
