/**
 * A euro amount as an admin types it (German): "1.000,00", "1.000", "1000,00", "1000" and, as the
 * form always took it, "129.00". Dots between groups of three digits separate thousands; a comma
 * (or a lone dot followed by one or two digits) starts the cents. Null for anything else – letters,
 * a sign, or input that could be read two ways ("1,000", "1.000.00", "1,000.00", "1.0000").
 */
export function parseGermanAmount(input: string): number | null {
  const text = input.trim().replace(/[\s\u00a0\u202f]/g, "");
  const grouped = /^(\d{1,3}(?:\.\d{3})+)(?:,(\d{1,2}))?$/.exec(text);
  const plain = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(text);
  const match = grouped ?? plain;
  if (!match) return null;
  const euros = match[1].replaceAll(".", "");
  if (euros.length > 9) return null;
  const cents = (match[2] ?? "").padEnd(2, "0");
  return (Number(euros) * 100 + Number(cents)) / 100;
}
