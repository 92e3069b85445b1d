import { z } from "~/lib/schemas/zod";
import { CONTROL_CHARACTER_MESSAGE, withoutControlCharacters } from "~/lib/schemas/common";

/** Longest newsletter text (the database checks the same bound). */
export const NEWSLETTER_BODY_MAX = 100_000;

/**
 * The call-to-action button: one line of its own, `[[Text des Buttons | https://…]]`. The admin
 * form shows this syntax as help text; the renderer (app/server/newsletter/render.server.ts) reads it.
 */
export const CTA_LINE = /^[ \t]*\[\[([^|\]\n]{1,80})\|[ \t]*(\S+?)[ \t]*\]\][ \t]*$/gm;
export const CTA_HELP_LABEL = "Button (höchstens einer, in einer eigenen Zeile):";
export const CTA_SYNTAX = "[[Text des Buttons | https://…]]";

const SEGMENTS = ["all", "members", "non-members"] as const;
export type NewsletterSegment = (typeof SEGMENTS)[number];
export const SEGMENT_LABELS: Record<NewsletterSegment, string> = {
  all: "Alle bestätigten Abonnent:innen",
  members: "Mitglieder mit aktiver Mitgliedschaft",
  "non-members": "Nicht-Mitglieder",
};

/** What the body may not contain; each with the German sentence the admin sees next to the field. */
function bodyProblems(body: string): string[] {
  const problems: string[] = [];
  if (!withoutControlCharacters(body)) problems.push(CONTROL_CHARACTER_MESSAGE);
  if (/<\s*\/?\s*script/i.test(body)) {
    problems.push("HTML wie <script> ist nicht erlaubt. Bitte schreibe den Text in Markdown.");
  }
  if (/\]\(\s*<?\s*(javascript|vbscript|data|file):/i.test(body) || /(^|[\s(<])(javascript|vbscript):/im.test(body)) {
    problems.push("Links dürfen nur mit https://, http:// oder mailto: beginnen.");
  }
  if (/!\[[^\]]*\]\(\s*<?\s*(?!https:\/\/)/i.test(body)) {
    problems.push("Bilder bitte nur mit einer https://-Adresse einbinden.");
  }
  const buttons = [...body.matchAll(CTA_LINE)];
  if (buttons.length > 1) problems.push("Bitte nur einen Button verwenden.");
  if (buttons.some((match) => !/^(https?:\/\/|\/(?!\/))/i.test(match[2]!))) {
    problems.push("Der Button braucht eine Adresse, die mit https://, http:// oder / (eine Seite des Shops) beginnt.");
  }
  return problems;
}

export const newsletterIssueSchema = z.object({
  subject: z
    .string({ error: "Bitte gib einen Betreff ein." })
    .trim()
    .min(1, "Bitte gib einen Betreff ein.")
    .max(200, "Der Betreff darf höchstens 200 Zeichen lang sein.")
    .refine(withoutControlCharacters, CONTROL_CHARACTER_MESSAGE),
  preheader: z
    .string()
    .trim()
    .max(200, "Der Vorschautext darf höchstens 200 Zeichen lang sein.")
    .refine(withoutControlCharacters, CONTROL_CHARACTER_MESSAGE)
    .optional(),
  body: z
    .string({ error: "Bitte schreibe einen Text." })
    .min(1, "Bitte schreibe einen Text.")
    .max(
      NEWSLETTER_BODY_MAX,
      "Der Text ist zu lang: höchstens 100.000 Zeichen. Bitte kürze ihn oder teile ihn auf zwei Ausgaben auf.",
    )
    .refine((value) => value.trim() !== "", "Bitte schreibe einen Text.")
    .superRefine((value, ctx) => {
      if (value.length > NEWSLETTER_BODY_MAX) return;
      for (const message of bodyProblems(value)) ctx.addIssue({ code: "custom", message });
    }),
});
export type NewsletterIssueInput = z.infer<typeof newsletterIssueSchema>;

export const segmentSchema = z.enum(SEGMENTS, { error: "Bitte wähle eine Zielgruppe." });
