import { data } from "react-router";
import type { MatchAnswer } from "~/lib/admin/match-by-hand";
import { isUuid } from "~/lib/uuid";

/**
 * A "Zuordnen" as its action reads it: the row, the typed value, whether "Trotzdem zuordnen"
 * confirmed this very value (a value changed after the question is asked about again), and the
 * answers that bring the row's form back with it: refused at the field, or asking about another
 * address. A request without a row id is no form's (MatchForm always sends one).
 */
export function matchByHand(formData: FormData, field: string) {
  const id = formData.get("id");
  const value = String(formData.get(field) ?? "");
  const answer = (match: Pick<MatchAnswer, "error" | "otherAddress">, status: number) =>
    data({ match: { id: String(id), value, ...match } satisfies MatchAnswer }, { status });
  return {
    ofARow: isUuid(id),
    confirmed: formData.get("confirmed") === value,
    refuse: (error: string) => answer({ error }, 400),
    ask: (otherAddress: string) => answer({ otherAddress }, 200),
  };
}
