/**
 * The building blocks the legal pages share: the block and page types, the small constructors
 * and the operator-derived blocks more than one page shows.
 */
import { operatorAddressLines as addressLinesOf, type Operator } from "~/lib/operator";

export type LegalBlock =
  | { type: "p"; text: string }
  | { type: "ul"; items: string[] }
  | { type: "h3"; text: string }
  /** Lines of a postal address or a form, rendered line by line. */
  | { type: "lines"; lines: string[] }
  /** Term/value pairs; `href` makes the value a link (mailto:, tel:). */
  | { type: "dl"; items: { term: string; value: string; href?: string }[] };

export type LegalSection = { id: string; heading: string; blocks: LegalBlock[] };

export type LegalSlug = "impressum" | "datenschutz" | "agb";

export type LegalPage = {
  slug: LegalSlug;
  title: string;
  metaTitle: string;
  description: string;
  intro?: string;
  updated: string;
  sections: LegalSection[];
};

export const p = (text: string): LegalBlock => ({ type: "p", text });
export const ul = (...items: string[]): LegalBlock => ({ type: "ul", items });
export const h3 = (text: string): LegalBlock => ({ type: "h3", text });
export const lines = (...l: string[]): LegalBlock => ({ type: "lines", lines: l });

export const UPDATED = "November 2026";

/* Headings of the statutory model texts; everything else is a paragraph (or form line). */
const STATUTORY_HEADINGS = new Set([
  "Widerrufsbelehrung",
  "Widerrufsrecht",
  "Folgen des Widerrufs",
  "Muster-Widerrufsformular",
]);

export function statutory(texts: string[], options: { lines?: boolean } = {}): LegalBlock[] {
  const blocks: LegalBlock[] = [];
  const rest: string[] = [];
  for (const text of texts) {
    if (STATUTORY_HEADINGS.has(text)) blocks.push(h3(text));
    else if (options.lines) rest.push(text);
    else blocks.push(p(text));
  }
  if (rest.length > 0) {
    const [intro, ...formLines] = rest;
    blocks.push(p(intro), lines(...formLines));
  }
  return blocks;
}

/** What the pages derive from the operator; computed once per call of legalPagesFor. */
export type LegalContext = {
  operator: Operator;
  operatorAddressLines: string[];
  /** Seller data in the shape the statutory withdrawal texts (withdrawal.ts) expect. */
  seller: { name: string; address: string; email: string };
  exampleNote: LegalBlock[];
  contactDl: LegalBlock;
};

export function legalContext(operator: Operator): LegalContext {
  const operatorAddressLines = addressLinesOf(operator);
  const seller = {
    name: operator.company,
    address: operatorAddressLines.slice(1).join(", "),
    email: operator.email,
  };

  const exampleNote: LegalBlock[] = operator.isExample
    ? [
        p(
          "Hinweis: Die Angaben zum Betreiber sind Beispieldaten und werden vor dem Livebetrieb durch die echten Angaben ersetzt.",
        ),
      ]
    : [];

  const contactDl: LegalBlock = {
    type: "dl",
    items: [
      { term: "Telefon", value: operator.phoneDisplay, href: `tel:${operator.phone}` },
      { term: "E-Mail", value: operator.email, href: `mailto:${operator.email}` },
    ],
  };

  return { operator, operatorAddressLines, seller, exampleNote, contactDl };
}

/** A legal page as plain text (an attachment to the order mail: the terms on a durable medium). */
export function legalPageText(page: LegalPage) {
  const blockText = (block: LegalBlock) => {
    switch (block.type) {
      case "p":
        return block.text;
      case "h3":
        return block.text.toUpperCase();
      case "ul":
        return block.items.map((item) => `- ${item}`).join("\n");
      case "lines":
        return block.lines.join("\n");
      case "dl":
        return block.items.map((item) => `${item.term}: ${item.value}`).join("\n");
    }
  };
  const sections = page.sections.map((section) =>
    [`${section.heading}\n${"=".repeat(section.heading.length)}`, ...section.blocks.map(blockText)].join("\n\n"),
  );
  return [page.title, `Stand: ${page.updated}`, ...(page.intro ? [page.intro] : []), ...sections].join("\n\n") + "\n";
}
