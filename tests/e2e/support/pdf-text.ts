// The text of a PDF, page by page, read with pdfjs-dist (the legacy build runs on Node without a
// worker). Tests assert on what a reader of the invoice sees.
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    const lines: string[] = [];
    let lastY: number | null = null;
    for (const item of content.items) {
      if (!("str" in item)) continue;
      const y = item.transform[5] as number;
      if (lastY !== null && Math.abs(y - lastY) > 2) lines.push("\n");
      else if (lines.length > 0) lines.push(" ");
      lines.push(item.str);
      lastY = y;
    }
    pages.push(lines.join(""));
  }
  await doc.destroy();
  return pages.join("\n\f\n");
}
