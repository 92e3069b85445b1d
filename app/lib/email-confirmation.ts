/** Texts of the e-mail confirmation: dashboard notice, confirmation page and toasts. */
export const EMAIL_CONFIRMATION = {
  noticeTitle: "Bitte bestätige deine E-Mail-Adresse",
  noticeText:
    "Wir haben dir einen Link an {email} geschickt. Bis du ihn öffnest, gehören Daten, die nur über diese Adresse zugeordnet sind (Newsletter, Kontaktanfragen), nicht zu deinem Konto: Sie stehen nicht im Datenexport und werden nicht mit dem Konto gelöscht.",
  resend: "Link erneut senden",
  resent: "Neuer Link unterwegs",
  resentDescription: "Wir haben dir einen neuen Bestätigungslink geschickt. Er ist 24 Stunden gültig.",
  resendLimited: "Gerade kein neuer Link",
  resendLimitedDescription:
    "Wir haben dir in der letzten Stunde schon mehrere Links geschickt. Bitte sieh in deinem Postfach (auch im Spam-Ordner) nach oder versuche es später erneut.",
  alreadyConfirmed: "Deine E-Mail-Adresse ist bereits bestätigt.",
  pageTitle: "E-Mail-Adresse bestätigen",
  pageText: "Fast geschafft! Bitte bestätige mit einem Klick, dass diese E-Mail-Adresse dir gehört.",
  button: "E-Mail-Adresse bestätigen",
  confirmed: "E-Mail-Adresse bestätigt",
  confirmedDescription: "Danke! Deine E-Mail-Adresse ist jetzt bestätigt.",
  invalidTitle: "Link ungültig",
  invalidText:
    "Dieser Bestätigungslink ist ungültig, abgelaufen oder wurde schon benutzt. Melde dich an und fordere im Dashboard einen neuen an.",
  failed: "Die Bestätigung hat nicht geklappt. Bitte versuche es später erneut.",
} as const;
