import { normalizeIban } from "~/lib/operator";

/**
 * The payload of an EPC QR code ("GiroCode", EPC069-12 version 002): a SEPA credit transfer that
 * banking apps fill in from a scan. Lines, separated by LF: service tag, version, character set
 * (1 = UTF-8), identification, BIC, name, IBAN, amount, purpose, structured reference, remittance
 * text. We leave the purpose and structured reference empty and put the order number in the
 * unstructured remittance text (the Verwendungszweck).
 */
export function epcPayload(input: { bic: string; name: string; iban: string; amount: number; reference: string }) {
  if (!(input.amount >= 0.01 && input.amount <= 999_999_999.99)) {
    throw new RangeError("EPC amount must be between 0.01 and 999999999.99 EUR");
  }
  const cents = Math.round(input.amount * 100);
  const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
  return [
    "BCD",
    "002",
    "1",
    "SCT",
    input.bic.trim().toUpperCase(),
    clip(input.name, 70),
    normalizeIban(input.iban),
    `EUR${amount}`,
    "",
    "",
    clip(input.reference, 140),
  ].join("\n");
}

function clip(value: string, max: number) {
  // Line breaks would shift every following field.
  return [...value.replace(/[\r\n]+/g, " ").trim()].slice(0, max).join("");
}
