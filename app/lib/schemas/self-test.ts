import { z } from "~/lib/schemas/zod";
import type { Answer, Answers, Statement } from "~/lib/self-tests/types";

export const ANSWER_REQUIRED = "Bitte wähle eine Antwort.";

export function missingAnswersMessage(missing: number) {
  return missing === 1
    ? "Bitte beantworte alle Aussagen. Es fehlt noch 1 Antwort."
    : `Bitte beantworte alle Aussagen. Es fehlen noch ${missing} Antworten.`;
}

const answerSchema = z
  .enum(["1", "2", "3", "4", "5"], { error: ANSWER_REQUIRED })
  .transform((v) => Number(v) as Answer);

export type ParsedAnswers =
  | { ok: true; answers: Answers }
  | { ok: false; answers: Partial<Answers>; errors: Record<string, string>; formError: string };

/**
 * Reads one 1–5 answer per statement from a form. Every statement must be answered; what was
 * answered is kept so the form can be shown again with the choices in place.
 */
export function parseAnswers(formData: FormData, statements: Statement[]): ParsedAnswers {
  const answers: Partial<Answers> = {};
  const errors: Record<string, string> = {};
  for (const statement of statements) {
    const result = answerSchema.safeParse(formData.get(statement.id) ?? undefined);
    if (result.success) answers[statement.id] = result.data;
    else errors[statement.id] = ANSWER_REQUIRED;
  }
  const missing = Object.keys(errors).length;
  if (missing > 0) return { ok: false, answers, errors, formError: missingAnswersMessage(missing) };
  return { ok: true, answers: answers as Answers };
}
