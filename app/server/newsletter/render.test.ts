import { describe, expect, it } from "vitest";
import { newsletterIssueSchema } from "~/lib/schemas/newsletter-issue";
import { renderNewsletter } from "~/server/newsletter/render.server";

const UNSUBSCRIBE = "https://shop.example/newsletter/abmelden?token=abc";
const render = (body: string, preheader = "") => renderNewsletter({ subject: "Sommer", preheader, body }, UNSUBSCRIBE);

describe("renderNewsletter", () => {
  it("renders headings, links, https images and the one button in HTML and text", () => {
    const mail = render(
      "# Hallo Sommer\n\nMehr auf [unserer Seite](https://shop.example/kurse).\n\n![Yoga am See](https://cdn.example/see.jpg)\n\n[[Jetzt buchen | https://shop.example/kurse]]\n\nBis bald!",
      "Neue Kurse im Juli",
    );
    expect(mail.html).toContain("<h1");
    expect(mail.html).toContain('href="https://shop.example/kurse"');
    expect(mail.html).toContain('src="https://cdn.example/see.jpg"');
    expect(mail.html).toMatch(
      /<a href="https:\/\/shop.example\/kurse" style="display:inline-block[^"]*">Jetzt buchen<\/a>/,
    );
    expect(mail.html).toContain("Neue Kurse im Juli");
    expect(mail.html).toContain(UNSUBSCRIBE);
    expect(mail.text).toContain("HALLO SOMMER");
    expect(mail.text).toContain("unserer Seite (https://shop.example/kurse)");
    expect(mail.text).toContain("Jetzt buchen: https://shop.example/kurse");
    expect(mail.text).toContain(`Abmelden: ${UNSUBSCRIBE}`);
    expect(mail.text).not.toContain("<");
  });

  it("keeps no script, no foreign style, no unsafe link or image, whatever the text holds", () => {
    const mail = render(
      '<script>alert(1)</script>\n\n<p style="color:red">x</p>\n\n[klick](javascript:alert(1))\n\n![pixel](http://tracker.example/p.gif)\n\n[daten](data:text/html,hi)',
    );
    expect(mail.html).not.toMatch(/<script/i);
    expect(mail.html).not.toMatch(/<p style="color:red"/);
    expect(mail.html).not.toContain("<img");
    expect(mail.html).not.toMatch(/href="(javascript|data):/i);
    expect(mail.html).not.toContain('src="http://tracker.example');
  });
});

describe("newsletterIssueSchema", () => {
  const parse = (values: Record<string, unknown>) =>
    newsletterIssueSchema.safeParse({ subject: "Betreff", body: "Text", ...values });
  const messages = (values: Record<string, unknown>) =>
    (parse(values).error?.issues ?? []).map((issue) => issue.message);

  it("takes a button to a page of the shop, and refuses one to another scheme", () => {
    expect(parse({ body: "[[Zum Kurs | /courses/c1]]" }).success).toBe(true);
    expect(messages({ body: "[[Zum Kurs | ftp://a.example/x]]" })).toContain(
      "Der Button braucht eine Adresse, die mit https://, http:// oder / (eine Seite des Shops) beginnt.",
    );
    expect(messages({ body: "[[Zum Kurs | //a.example/x]]" })).toHaveLength(1);
  });

  it("refuses script, javascript: links, http images, two buttons, an empty subject and 1 MB of text in German", () => {
    expect(messages({ body: "<script>alert(1)</script>" })).toContain(
      "HTML wie <script> ist nicht erlaubt. Bitte schreibe den Text in Markdown.",
    );
    expect(messages({ body: "[x](javascript:alert(1))" })).toContain(
      "Links dürfen nur mit https://, http:// oder mailto: beginnen.",
    );
    expect(messages({ body: "![x](http://a.example/p.gif)" })).toContain(
      "Bilder bitte nur mit einer https://-Adresse einbinden.",
    );
    expect(messages({ body: "[[A | https://a.example]]\n\n[[B | https://b.example]]" })).toContain(
      "Bitte nur einen Button verwenden.",
    );
    expect(messages({ subject: "  " })).toContain("Bitte gib einen Betreff ein.");
    expect(messages({ body: "a".repeat(1_000_000) })).toEqual([
      "Der Text ist zu lang: höchstens 100.000 Zeichen. Bitte kürze ihn oder teile ihn auf zwei Ausgaben auf.",
    ]);
    expect(parse({ body: "# Hallo\n\n[[Los | https://a.example]]" }).success).toBe(true);
  });

  it("makes the shop's own paths whole addresses, in the text, the HTML and the button", () => {
    const mail = render(
      "Zum [Kurs](/courses/c1) und [extern](https://cdn.example/x).\n\n[[Jetzt buchen | /courses/c1]]",
    );
    const course = new URL("/courses/c1", process.env.PUBLIC_URL ?? "http://localhost:3000").toString();
    expect(mail.html).toContain(`href="${course}"`);
    expect(mail.html).not.toContain('href="/courses');
    expect(mail.html).toMatch(new RegExp(`<a href="${course}" style="display:inline-block[^"]*">Jetzt buchen</a>`));
    expect(mail.text).toContain(`Kurs (${course})`);
    expect(mail.text).toContain(`Jetzt buchen: ${course}`);
    expect(mail.html).toContain('href="https://cdn.example/x"');
  });

  it("numbers an ordered list in the text part, as the HTML does", () => {
    const mail = render("1. Erstens\n2. Zweitens\n\n- Punkt\n\n3. Drei\n4. Vier");
    expect(mail.text).toContain("1. Erstens\n2. Zweitens");
    expect(mail.text).toContain("- Punkt");
    expect(mail.text).toContain("3. Drei\n4. Vier");
    expect(mail.html).toContain("<ol");
  });
});
