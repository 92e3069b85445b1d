/**
 * The exact consent text shown under the newsletter form and stored with each request (proof of
 * consent). Its own module without zod, because the form sits in the footer of every page and
 * must not pull the validation library into the first load.
 */
export const NEWSLETTER_CONSENT_TEXT =
  "Ich möchte den BeHappy-Newsletter mit Impulsen, Angeboten und Veranstaltungen per E-Mail erhalten. " +
  "Nach dem Absenden bekomme ich eine E-Mail, mit der ich die Anmeldung bestätige (Double-Opt-in). " +
  "Ich kann mich jederzeit über den Abmeldelink in jeder E-Mail wieder abmelden.";
