import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LineUnavailable, RemovedItemsNotice } from "~/components/cart/cart-notices";

const text = (node: React.ReactElement) => renderToStaticMarkup(node).replace(/<[^>]+>/g, "");

describe("the cart's notices", () => {
  it("a line that can no longer be bought says so and what to do", () => {
    expect(text(<LineUnavailable line={{ available: false, past: false }} />)).toBe(
      "Nicht mehr erhältlich – bitte entferne diesen Artikel.",
    );
    expect(text(<LineUnavailable line={{ available: false, past: true }} />)).toBe(
      "Hat bereits begonnen – bitte entferne diesen Artikel.",
    );
    expect(text(<LineUnavailable line={{ available: true, past: false }} />)).toBe("");
  });

  it("items that left the catalogue are counted", () => {
    expect(text(<RemovedItemsNotice count={0} />)).toBe("");
    expect(text(<RemovedItemsNotice count={2} />)).toContain(
      "2 Artikel sind nicht mehr im Angebot und wurden aus deinem Warenkorb entfernt.",
    );
  });
});
