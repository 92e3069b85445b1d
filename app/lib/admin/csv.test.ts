import { describe, expect, it } from "vitest";
import { csvCell, csvRow } from "~/lib/admin/csv";

describe("csv", () => {
  it("separates with ';' and ends lines with CRLF", () => {
    expect(csvRow(["a@example.com", "Anna", null, "Angemeldet"])).toBe("a@example.com;Anna;;Angemeldet\r\n");
  });
  it("quotes separators, quotes and line breaks", () => {
    expect(csvCell('Müller; "Max"')).toBe('"Müller; ""Max"""');
    expect(csvCell("a\nb")).toBe('"a\nb"');
  });
  it("neutralises formulas", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+49 30 123")).toBe("'+49 30 123");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tx")).toBe("'\tx");
    expect(csvCell("harmlos")).toBe("harmlos");
  });
});
