/**
 * Operator data for the imprint, privacy policy and terms.
 * EXAMPLE VALUES: replace every field before going live. They are visibly marked as examples so
 * nobody mistakes them for a real company. The phone number is from the range the Bundesnetzagentur
 * keeps free for fiction (030 23125 xxx).
 */
export const operator = {
  isExample: true,
  company: "BeHappy GmbH (Beispieldaten)",
  brand: "BeHappy",
  street: "Musterstraße 12",
  postalCode: "10115",
  city: "Berlin",
  country: "Deutschland",
  managingDirector: "Sabine Hoffmann (Beispieldaten)",
  registerCourt: "Amtsgericht Berlin-Charlottenburg",
  registerNumber: "HRB 000000 B (Beispiel)",
  vatId: "DE000000000 (Beispiel)",
  email: "hallo@behappy.example",
  privacyEmail: "datenschutz@behappy.example",
  phone: "+493023125123",
  phoneDisplay: "+49 30 23125 123",
  /** Person responsible for journalistic-editorial content (§ 18 Abs. 2 MStV). */
  contentResponsible: "Sabine Hoffmann (Beispieldaten), Anschrift wie oben",
  /** Competent data-protection supervisory authority for the (example) seat in Berlin. */
  supervisoryAuthority: "Berliner Beauftragte für Datenschutz und Informationsfreiheit, Alt-Moabit 59–61, 10555 Berlin",
} as const;

export const operatorAddressLines = [
  operator.company,
  operator.street,
  `${operator.postalCode} ${operator.city}`,
  operator.country,
];
