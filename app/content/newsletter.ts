/** The pages a newsletter mail's links open (/newsletter/confirm, /newsletter/unsubscribe): ask, done, invalid link. */
export const NEWSLETTER_LINK_PAGES = {
  confirm: {
    title: "Newsletter-Anmeldung bestätigen",
    ask: "Fast geschafft! Bitte bestätige mit einem Klick, dass du unseren Newsletter erhalten möchtest.",
    button: "Anmeldung bestätigen",
    error: "Die Bestätigung hat nicht geklappt. Bitte versuche es später erneut.",
    done: {
      title: "Anmeldung bestätigt!",
      text: "Schön, dass du dabei bist! Ab jetzt erhältst du unseren Newsletter mit Impulsen, neuen Kursen und Veranstaltungen. Abmelden kannst du dich jederzeit über den Link in jeder E-Mail.",
      link: { to: "/offers", label: "Jetzt Angebote entdecken" },
    },
    already: {
      title: "Schon bestätigt",
      text: "Deine Newsletter-Anmeldung ist bereits bestätigt: Du erhältst unseren Newsletter. Abmelden kannst du dich jederzeit über den Link in jeder E-Mail.",
      link: { to: "/offers", label: "Jetzt Angebote entdecken" },
    },
    invalid: {
      text: "Dieser Bestätigungslink ist ungültig oder wird nicht mehr verwendet. Hast du dich mehrmals angemeldet, gilt nur der Link aus der neuesten E-Mail; sonst melde dich bitte erneut für den Newsletter an.",
      link: { to: "/newsletter", label: "Zur Newsletter-Anmeldung" },
    },
  },
  unsubscribe: {
    title: "Newsletter abbestellen",
    ask: "Möchtest du unseren Newsletter wirklich nicht mehr erhalten? Ein Klick genügt.",
    button: "Newsletter abbestellen",
    error: "Die Abmeldung hat nicht geklappt. Bitte versuche es später erneut.",
    done: {
      title: "Du bist abgemeldet",
      text: "Schade, dass du gehst! Du erhältst ab sofort keinen Newsletter mehr von uns. Du kannst dich jederzeit wieder anmelden.",
      link: { to: "/", label: "Zur Startseite" },
    },
    already: {
      title: "Schon abgemeldet",
      text: "Du bist bereits vom Newsletter abgemeldet und erhältst keinen Newsletter mehr von uns. Du kannst dich jederzeit wieder anmelden.",
      link: { to: "/newsletter", label: "Zur Newsletter-Anmeldung" },
    },
    invalid: {
      text: "Dieser Abmeldelink ist ungültig. Bitte nutze den Link aus einer unserer E-Mails oder schreib uns.",
      link: { to: "/contact", label: "Zum Kontaktformular" },
    },
  },
};
