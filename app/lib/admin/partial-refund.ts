import type { ReturnableLine } from "~/lib/admin/orders";

/** One line of a "Teilerstattung" as the form sends it. */
export interface ReturnRequest {
  item: string;
  quantity?: number;
  /** Registered participants of an event line who no longer come. */
  dropped?: string[];
}

type FieldErrors = Record<string, string[]>;

/**
 * What the partial refund form gets wrong, line by line, as conform's field errors (null: nothing):
 * more back than is left of a line, an event line that would keep more participants than seats, or
 * participants ticked on a line with no seats going back.
 * The database refuses the first two too (refund_order_lines, correction_line_takes_back), but
 * without saying at which field.
 */
export function refusedReturns(lines: ReturnRequest[], returnable: ReturnableLine[]): FieldErrors | null {
  const errors = lines.flatMap((line, index): [string, string[]][] => {
    const known = returnable.find((r) => r.itemId === line.item);
    const quantity = line.quantity ?? 0;
    if (!known) return [];
    // Ticked without seats to go with them: nobody would be removed, so it is asked for.
    if (quantity === 0) return line.dropped?.length ? [[`lines[${index}].quantity`, [SEATS_FOR_DROPPED]]] : [];
    if (quantity > known.left) return [[`lines[${index}].quantity`, [returnableLeftText(known.title, known.left)]]];
    const staying = known.participants.filter((p) => !line.dropped?.includes(p.id)).length;
    const seats = known.left - quantity;
    return staying > seats ? [[`lines[${index}].dropped`, [tooManyParticipantsText(known.title, seats, staying)]]] : [];
  });
  return errors.length > 0 ? Object.fromEntries(errors) : null;
}

/** Participants ticked on a line whose seats do not go back. */
export const SEATS_FOR_DROPPED = "Trage ein, wie viele Plätze mit den angehakten Teilnehmern zurückgehen.";

/** "Von „X“ sind nur noch 2 erstattbar." – singular for one, "nichts mehr" for none. */
function returnableLeftText(title: string, left: number) {
  if (left === 0) return `Von „${title}“ ist nichts mehr erstattbar.`;
  return `Von „${title}“ ${left === 1 ? "ist" : "sind"} nur noch ${left} erstattbar.`;
}

/** "Für „X“ bleibt 1 Platz, angemeldet sind 2 Teilnehmer: …" */
function tooManyParticipantsText(title: string, seats: number, staying: number) {
  const left = seats === 0 ? "bleibt kein Platz" : seats === 1 ? "bleibt 1 Platz" : `bleiben ${seats} Plätze`;
  const registered = staying === 1 ? "ist 1 Teilnehmer" : `sind ${staying} Teilnehmer`;
  return `Für „${title}“ ${left}, angemeldet ${registered}: Wähle, wer nicht mehr teilnimmt.`;
}
