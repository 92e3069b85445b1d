import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BreakableName } from "~/components/breakable-address";

const html = (text: string) => renderToStaticMarkup(<BreakableName text={text} />);

describe("BreakableName", () => {
  it("leaves ordinary names whole, hyphenated ones too", () => {
    expect(html("Erika Muster")).toBe("Erika Muster");
    expect(html("Anna-Lena Müller-Lüdenscheidt")).toBe("Anna-Lena Müller-Lüdenscheidt");
  });

  it("gives a word over 16 letters a place to break every 8, and adds no character", () => {
    const name = "Erika Wolfeschlegelsteinhausenberger";
    expect(html(name)).toBe("Erika Wolfesch<wbr/>legelste<wbr/>inhausen<wbr/>berger");
    expect(html(name).replaceAll("<wbr/>", "")).toBe(name);
  });
});
