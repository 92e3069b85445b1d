import { operatorAddressLines as addressLinesOf, SMALL_BUSINESS_NOTE, type Operator } from "../lib/operator";
import { formatPrice } from "../lib/format";
import { withdrawalForm, withdrawalInstructions } from "./withdrawal";

/**
 * Legal texts: Impressum (§ 5 DDG), Datenschutzerklärung (Art. 13 DSGVO) and AGB with
 * Widerrufsbelehrung. They describe what this shop really stores. Operator values are examples
 * unless configured (app/server/operator.server.ts); have the texts checked by a lawyer before going live.
 */

export type LegalBlock =
  | { type: "p"; text: string }
  | { type: "ul"; items: string[] }
  | { type: "h3"; text: string }
  /** Lines of a postal address or a form, rendered line by line. */
  | { type: "lines"; lines: string[] }
  /** Term/value pairs; `href` makes the value a link (mailto:, tel:). */
  | { type: "dl"; items: { term: string; value: string; href?: string }[] };

export type LegalSection = { id: string; heading: string; blocks: LegalBlock[] };

export type LegalSlug = "impressum" | "datenschutz" | "agb";

export type LegalPage = {
  slug: LegalSlug;
  title: string;
  metaTitle: string;
  description: string;
  intro?: string;
  updated: string;
  sections: LegalSection[];
};

const p = (text: string): LegalBlock => ({ type: "p", text });
const ul = (...items: string[]): LegalBlock => ({ type: "ul", items });
const h3 = (text: string): LegalBlock => ({ type: "h3", text });
const lines = (...l: string[]): LegalBlock => ({ type: "lines", lines: l });

const UPDATED = "November 2026";

/* Headings of the statutory model texts; everything else is a paragraph (or form line). */
const STATUTORY_HEADINGS = new Set([
  "Widerrufsbelehrung",
  "Widerrufsrecht",
  "Folgen des Widerrufs",
  "Muster-Widerrufsformular",
]);

function statutory(texts: string[], options: { lines?: boolean } = {}): LegalBlock[] {
  const blocks: LegalBlock[] = [];
  const rest: string[] = [];
  for (const text of texts) {
    if (STATUTORY_HEADINGS.has(text)) blocks.push(h3(text));
    else if (options.lines) rest.push(text);
    else blocks.push(p(text));
  }
  if (rest.length > 0) {
    const [intro, ...formLines] = rest;
    blocks.push(p(intro), lines(...formLines));
  }
  return blocks;
}
/**
 * The three legal pages for one operator (the route's loader passes the configured one). The
 * texts only read the operator; nothing here touches the server.
 */
/** The shipping terms (AGB "Versand und Lieferung"): free, or the configured flat fee per order. */
function shippingTerms(shippingFee: number) {
  if (!(shippingFee > 0)) {
    return "Wir liefern versandkostenfrei: Für Produkte, die wir versenden, berechnen wir keine Versandkosten; der Gesamtbetrag ist die Summe der Artikel. Für digitale Inhalte, Kurse, Veranstaltungen und Mitgliedschaften fallen ohnehin keine Versandkosten an.";
  }
  return `Für Bestellungen mit mindestens einem Produkt, das wir versenden, berechnen wir einmalig pauschal ${formatPrice(shippingFee)} Versandkosten, gleich wie viele Artikel die Bestellung enthält. Sie erscheinen als eigene Position „Versand“ im Warenkorb, an der Kasse, in der Bestellbestätigung und auf der Rechnung; der Gesamtbetrag ist die Summe der Artikel und der Versandkosten. Für digitale Inhalte, Kurse, Veranstaltungen und Mitgliedschaften fallen keine Versandkosten an.`;
}

export function legalPagesFor(
  operator: Operator,
  { shippingFee = 0 }: { shippingFee?: number } = {},
): Record<LegalSlug, LegalPage> {
  const operatorAddressLines = addressLinesOf(operator);
  /** Seller data in the shape the statutory withdrawal texts (withdrawal.ts) expect. */
  const seller = {
    name: operator.company,
    address: operatorAddressLines.slice(1).join(", "),
    email: operator.email,
  };

  const exampleNote: LegalBlock[] = operator.isExample
    ? [
        p(
          "Hinweis: Die Angaben zum Betreiber sind Beispieldaten und werden vor dem Livebetrieb durch die echten Angaben ersetzt.",
        ),
      ]
    : [];

  const contactDl: LegalBlock = {
    type: "dl",
    items: [
      { term: "Telefon", value: operator.phoneDisplay, href: `tel:${operator.phone}` },
      { term: "E-Mail", value: operator.email, href: `mailto:${operator.email}` },
    ],
  };

  /* ---- Impressum ------------------------------------------------------------------------- */

  const impressum: LegalPage = {
    slug: "impressum",
    title: "Impressum",
    metaTitle: "Impressum – BeHappy",
    description: "Anbieterkennzeichnung von BeHappy nach § 5 Digitale-Dienste-Gesetz (DDG).",
    updated: UPDATED,
    sections: [
      {
        id: "anbieter",
        heading: "Angaben gemäß § 5 DDG",
        blocks: [lines(...operatorAddressLines), ...exampleNote],
      },
      {
        id: "vertreten",
        heading: "Vertreten durch",
        blocks: [p(`Geschäftsführerin: ${operator.managingDirector}`)],
      },
      { id: "kontakt", heading: "Kontakt", blocks: [contactDl] },
      {
        id: "register",
        heading: "Registereintrag",
        blocks: [
          {
            type: "dl",
            items: [
              { term: "Registergericht", value: operator.registerCourt },
              { term: "Registernummer", value: operator.registerNumber },
            ],
          },
        ],
      },
      {
        id: "ust",
        heading: "Umsatzsteuer-Identifikationsnummer",
        blocks: [
          p(`Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: ${operator.vatId}`),
          ...(operator.taxNumber ? [p(`Steuernummer: ${operator.taxNumber}`)] : []),
          ...(operator.vatMode === "small-business" ? [p(SMALL_BUSINESS_NOTE)] : []),
        ],
      },
      {
        id: "redaktion",
        heading: "Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV",
        blocks: [p(operator.contentResponsible)],
      },
      {
        id: "streitbeilegung",
        heading: "Verbraucherstreitbeilegung",
        blocks: [
          p(
            "Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen (§ 36 Verbraucherstreitbeilegungsgesetz). Bei Fragen oder Beschwerden schreib uns gern direkt – wir finden gemeinsam eine Lösung.",
          ),
        ],
      },
      {
        id: "haftung-inhalte",
        heading: "Haftung für Inhalte",
        blocks: [
          p(
            "Wir erstellen die Inhalte dieser Website mit großer Sorgfalt. Als Diensteanbieter sind wir für eigene Inhalte nach den allgemeinen Gesetzen verantwortlich. Für fremde Informationen, die wir lediglich übermitteln oder speichern, sind wir nach den §§ 7 ff. DDG in Verbindung mit dem Digital Services Act nicht verpflichtet, diese zu überwachen oder nach Umständen zu forschen, die auf eine rechtswidrige Tätigkeit hinweisen. Sobald wir von einer Rechtsverletzung erfahren, entfernen wir die betreffenden Inhalte umgehend.",
          ),
        ],
      },
      {
        id: "haftung-links",
        heading: "Haftung für Links",
        blocks: [
          p(
            "Unsere Website enthält Links zu externen Websites Dritter, auf deren Inhalte wir keinen Einfluss haben. Für diese Inhalte ist stets der jeweilige Anbieter verantwortlich. Zum Zeitpunkt der Verlinkung waren keine Rechtsverstöße erkennbar. Werden uns Rechtsverletzungen bekannt, entfernen wir solche Links umgehend.",
          ),
        ],
      },
      {
        id: "urheberrecht",
        heading: "Urheberrecht",
        blocks: [
          p(
            "Die von uns erstellten Inhalte und Werke auf dieser Website unterliegen dem deutschen Urheberrecht. Vervielfältigung, Bearbeitung, Verbreitung und jede Art der Verwertung außerhalb der Grenzen des Urheberrechts bedürfen unserer schriftlichen Zustimmung.",
          ),
        ],
      },
    ],
  };

  /* ---- Datenschutzerklärung --------------------------------------------------------------- */

  const datenschutz: LegalPage = {
    slug: "datenschutz",
    title: "Datenschutzerklärung",
    metaTitle: "Datenschutz – BeHappy",
    description:
      "Wie BeHappy mit deinen Daten umgeht: welche Daten wir speichern, wozu, wie lange und welche Rechte du hast (Art. 13 DSGVO).",
    intro:
      "Der Schutz deiner Daten ist uns wichtig. Wir erheben nur, was wir für unsere Angebote wirklich brauchen, setzen keine Tracking- oder Werbedienste ein und laden keine Inhalte von fremden Servern, ohne dass du es ausdrücklich möchtest. Hier erfährst du im Einzelnen, was wir speichern, warum und wie lange.",
    updated: UPDATED,
    sections: [
      {
        id: "verantwortlicher",
        heading: "1. Verantwortlicher",
        blocks: [
          p("Verantwortlich für die Datenverarbeitung auf dieser Website ist:"),
          lines(...operatorAddressLines),
          {
            type: "dl",
            items: [
              { term: "Vertreten durch", value: operator.managingDirector },
              { term: "E-Mail", value: operator.email, href: `mailto:${operator.email}` },
              { term: "Telefon", value: operator.phoneDisplay, href: `tel:${operator.phone}` },
              {
                term: "Datenschutzanfragen",
                value: operator.privacyEmail,
                href: `mailto:${operator.privacyEmail}`,
              },
            ],
          },
          ...exampleNote,
        ],
      },
      {
        id: "grundsaetze",
        heading: "2. Das Wichtigste in Kürze",
        blocks: [
          ul(
            "Kein Tracking: Wir verwenden keine Analyse-, Statistik- oder Werbedienste und keine Social-Media-Plugins.",
            "Keine externen Schriftarten: Alle Schriften kommen von deinem eigenen Gerät; es werden keine Schriften von Google Fonts oder anderen Anbietern geladen.",
            "Nur technisch notwendige Cookies: Wir setzen ausschließlich Cookies, ohne die der Shop nicht funktioniert. Deshalb brauchen wir dafür keine Einwilligung und zeigen kein Cookie-Banner.",
            "Karte nur nach Klick: Die Karte auf der Kontaktseite wird erst geladen, wenn du sie ausdrücklich aktivierst.",
            "Keine Weitergabe zu Werbezwecken: Wir verkaufen deine Daten nicht und geben sie nicht für Werbung an Dritte weiter.",
          ),
        ],
      },
      {
        id: "server",
        heading: "3. Aufruf der Website und Server-Protokolle",
        blocks: [
          p(
            "Wenn du unsere Website aufrufst, überträgt dein Browser technisch bedingt Daten an unseren Server. Dabei verarbeiten wir die IP-Adresse, Datum und Uhrzeit der Anfrage, die aufgerufene Adresse, den Statuscode der Antwort sowie die Angaben deines Browsers (User-Agent).",
          ),
          p(
            "Diese Daten benötigen wir, um die Website auszuliefern, Fehler zu finden und Angriffe abzuwehren, zum Beispiel durch eine Begrenzung wiederholter Anmeldeversuche. Rechtsgrundlage ist unser berechtigtes Interesse an einem sicheren und stabilen Betrieb (Art. 6 Abs. 1 lit. f DSGVO). Protokolldaten löschen wir spätestens nach 14 Tagen, sofern sie nicht zur Aufklärung eines konkreten Sicherheitsvorfalls länger benötigt werden. Passwörter und Sitzungsschlüssel werden niemals protokolliert.",
          ),
        ],
      },
      {
        id: "cookies",
        heading: "4. Cookies und lokaler Speicher",
        blocks: [
          p(
            "Wir verwenden nur Cookies und Browser-Speicher, die für die von dir gewünschten Funktionen unbedingt erforderlich sind (§ 25 Abs. 2 Nr. 2 TDDDG; für die anschließende Verarbeitung Art. 6 Abs. 1 lit. b und f DSGVO). Unsere Cookies sind signiert, werden nur über verschlüsselte Verbindungen übertragen und können von fremden Websites nicht ausgelesen werden.",
          ),
          ul(
            "__Host-session – hält dich nach der Anmeldung angemeldet. Enthält nur eine zufällige Sitzungskennung. Wird beim Abmelden gelöscht und läuft sonst nach Ablauf der Sitzung ab.",
            "cart – speichert den Inhalt deines Warenkorbs (Art und Anzahl der Artikel, keine Preise und keine persönlichen Angaben), damit er beim nächsten Seitenaufruf noch da ist.",
            "toast – überbringt eine kurze Rückmeldung wie „Erfolgreich angemeldet!“ an die nächste Seite und wird sofort nach dem Anzeigen gelöscht.",
            "theme – merkt sich, ob du die helle, die dunkle oder die Systemdarstellung gewählt hast.",
            "checkout_prefill – übernimmt Name und E-Mail-Adresse, die du auf der Mitgliedsseite eingegeben hast, in die Registrierung und die Kasse. Wird nach der Bestellung gelöscht.",
            "signin_email – füllt nach der Registrierung oder dem Zurücksetzen des Passworts deine E-Mail-Adresse im Anmeldeformular vor. Läuft nach 15 Minuten ab und wird bei der Anmeldung gelöscht.",
          ),
          p(
            "Zusätzlich legen wir, wenn JavaScript aktiv ist, eine Kopie deines Warenkorbs im lokalen Speicher deines Browsers (localStorage) unter dem Schlüssel cart ab. Sie bleibt nur auf deinem Gerät und wird nicht an uns übertragen, außer wenn du damit deinen Warenkorb wiederherstellst. Du kannst Cookies und lokalen Speicher jederzeit in den Einstellungen deines Browsers löschen; der Warenkorb ist dann leer und du musst dich neu anmelden.",
          ),
        ],
      },
      {
        id: "konto",
        heading: "5. Kundenkonto",
        blocks: [
          p(
            "Für ein Kundenkonto speichern wir deine E-Mail-Adresse und dein Passwort. Das Passwort speichern wir nie im Klartext, sondern nur als kryptografischen Hashwert (Argon2id), aus dem es sich nicht zurückrechnen lässt. Außerdem speichern wir den Zeitpunkt der Registrierung und deine aktiven Anmeldesitzungen. Bei der Registrierung kannst du Vor- und Nachnamen angeben.",
          ),
          p(
            "Rechtsgrundlage ist die Durchführung des Nutzungsvertrags über dein Konto (Art. 6 Abs. 1 lit. b DSGVO). Wir speichern die Daten, bis du dein Konto löschen lässt; eine formlose Nachricht an uns genügt. Daten, die wir aus steuer- oder handelsrechtlichen Gründen aufbewahren müssen (siehe Bestellungen), bleiben bis zum Ende der jeweiligen Frist gesperrt gespeichert.",
          ),
        ],
      },
      {
        id: "profil",
        heading: "6. Profil und Adresse",
        blocks: [
          p(
            "In deinem Profil kannst du freiwillig Anrede, Vor- und Nachname, Anschrift (Straße, Postleitzahl, Ort, Land) sowie Telefon- und Mobilnummer hinterlegen. Wir nutzen diese Angaben, um Bestellungen und Veranstaltungsbuchungen abzuwickeln und dich bei Rückfragen zu erreichen (Art. 6 Abs. 1 lit. b DSGVO). Du kannst die Angaben jederzeit selbst ändern oder löschen.",
          ),
        ],
      },
      {
        id: "bestellungen",
        heading: "7. Bestellungen und Veranstaltungsbuchungen",
        blocks: [
          p(
            "Bei einer Bestellung speichern wir Name, E-Mail-Adresse, optional deine Telefonnummer, die bestellten Artikel mit Menge und Preis, den Gesamtbetrag, den Bestellstatus und den Zeitpunkt. Meldest du Teilnehmende für eine gebuchte Veranstaltung an, speichern wir deren Vor- und Nachnamen, E-Mail-Adresse sowie optional Telefonnummer und Anmerkungen.",
          ),
          p(
            "Rechtsgrundlage ist die Erfüllung des Vertrags (Art. 6 Abs. 1 lit. b DSGVO) sowie unsere gesetzlichen Aufbewahrungspflichten (Art. 6 Abs. 1 lit. c DSGVO in Verbindung mit § 147 Abgabenordnung und § 257 Handelsgesetzbuch). Buchungsbelege bewahren wir bis zu acht, Geschäftsbriefe bis zu sechs Jahre auf. Gibst du Daten anderer Teilnehmender an, informiere sie bitte über diese Hinweise.",
          ),
          p(
            "Eine Zahlungsabwicklung findet auf dieser Website nicht statt; du zahlst per Überweisung, wir speichern keine Bank- oder Kreditkartendaten. Nach Zahlungseingang stellen wir eine Rechnung aus, die wir zehn Jahre aufbewahren (§ 14b UStG).",
          ),
        ],
      },
      {
        id: "newsletter",
        heading: "8. Newsletter",
        blocks: [
          p(
            "Für unseren Newsletter benötigen wir deine E-Mail-Adresse; Vor- und Nachname sind freiwillig. Wir verwenden das Double-Opt-in-Verfahren: Nach der Anmeldung erhältst du eine E-Mail mit einem Bestätigungslink. Bis du ihn anklickst, ist deine Anmeldung als ausstehend gespeichert und du erhältst keinen Newsletter. Nicht bestätigte Anmeldungen löschen wir nach spätestens 30 Tagen.",
          ),
          p(
            "Um nachweisen zu können, dass du eingewilligt hast, speichern wir den Wortlaut der Einwilligung sowie die Zeitpunkte der Anmeldung und der Bestätigung. Rechtsgrundlage ist deine Einwilligung (Art. 6 Abs. 1 lit. a DSGVO). Du kannst sie jederzeit mit Wirkung für die Zukunft widerrufen, etwa über den Abmeldelink in jeder Ausgabe oder mit einer kurzen Nachricht an uns. Danach löschen wir deine Adresse; den Nachweis der früheren Einwilligung bewahren wir für die Dauer möglicher Ansprüche (in der Regel drei Jahre) auf.",
          ),
          p("Der Newsletter enthält keine Zählpixel; wir werten nicht aus, ob oder wann du ihn öffnest."),
        ],
      },
      {
        id: "kontakt",
        heading: "9. Kontaktformular und E-Mail",
        blocks: [
          p(
            "Wenn du uns über das Kontaktformular oder per E-Mail schreibst, speichern wir deinen Namen, deine E-Mail-Adresse, optional deine Telefonnummer, deine Nachricht und den Zeitpunkt, um dein Anliegen zu beantworten. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO, wenn es um einen Vertrag geht, sonst unser berechtigtes Interesse, Anfragen zu beantworten (Art. 6 Abs. 1 lit. f DSGVO). Wir löschen die Nachricht, wenn dein Anliegen erledigt ist, spätestens nach zwei Jahren, sofern keine Aufbewahrungspflicht besteht.",
          ),
          p(
            "Zum Schutz vor Missbrauch begrenzen wir die Zahl der Anfragen pro Zeitraum (bei Kontaktformular, Newsletter, Anmeldung, Registrierung und Bestellung). Dazu speichern wir kurzzeitig einen Zähler zu deiner IP-Adresse, der nach Ablauf des Zeitfensters gelöscht wird (Art. 6 Abs. 1 lit. f DSGVO).",
          ),
        ],
      },
      {
        id: "karte",
        heading: "10. Karte auf der Kontaktseite",
        blocks: [
          p(
            "Auf der Kontaktseite kannst du eine Karte mit unserem Standort einblenden. Sie wird erst geladen, wenn du auf die Schaltfläche zum Anzeigen klickst. Erst dann stellt dein Browser eine Verbindung zum Kartenanbieter her und übermittelt dabei deine IP-Adresse sowie die Angaben deines Browsers. Rechtsgrundlage ist deine Einwilligung durch den Klick (Art. 6 Abs. 1 lit. a DSGVO, § 25 Abs. 1 TDDDG). Ohne Klick werden keine Daten an den Kartenanbieter übertragen.",
          ),
        ],
      },
      {
        id: "empfaenger",
        heading: "11. Empfänger und Auftragsverarbeiter",
        blocks: [
          p(
            "Wir geben deine Daten nur weiter, wenn es für die genannten Zwecke nötig ist. Empfänger sind unser Hosting-Dienstleister, der den Server und die Datenbank betreibt, sowie unser E-Mail-Versanddienstleister für Bestätigungs- und Newsletter-Mails. Beide sind als Auftragsverarbeiter nach Art. 28 DSGVO vertraglich an unsere Weisungen gebunden. Wir wählen Dienstleister mit Sitz und Servern in der Europäischen Union. Eine Übermittlung in Länder außerhalb der EU oder des EWR findet nicht statt.",
          ),
        ],
      },
      {
        id: "rechte",
        heading: "12. Deine Rechte",
        blocks: [
          p("Du hast gegenüber uns jederzeit folgende Rechte bezüglich deiner personenbezogenen Daten:"),
          ul(
            "Auskunft über die gespeicherten Daten (Art. 15 DSGVO)",
            "Berichtigung unrichtiger Daten (Art. 16 DSGVO)",
            "Löschung (Art. 17 DSGVO) und Einschränkung der Verarbeitung (Art. 18 DSGVO)",
            "Datenübertragbarkeit (Art. 20 DSGVO)",
            "Widerruf erteilter Einwilligungen mit Wirkung für die Zukunft (Art. 7 Abs. 3 DSGVO)",
            "Widerspruch gegen Verarbeitungen auf Grundlage berechtigter Interessen aus Gründen, die sich aus deiner besonderen Situation ergeben (Art. 21 DSGVO)",
          ),
          p(
            `Schreib uns dafür einfach an ${operator.privacyEmail}. Außerdem hast du das Recht, dich bei einer Datenschutz-Aufsichtsbehörde zu beschweren (Art. 77 DSGVO). Zuständig für uns ist: ${operator.supervisoryAuthority}.`,
          ),
        ],
      },
      {
        id: "sicherheit",
        heading: "13. Sicherheit und Pflicht zur Bereitstellung",
        blocks: [
          p(
            "Wir übertragen alle Daten verschlüsselt (TLS) und schützen sie durch technische und organisatorische Maßnahmen. Der Zugriff auf Daten ist in der Datenbank selbst so geregelt, dass jede Person nur ihre eigenen Daten sehen kann und nur berechtigte Mitarbeitende Bestellungen und Anfragen bearbeiten.",
          ),
          p(
            "Du bist nicht verpflichtet, uns Daten bereitzustellen. Ohne E-Mail-Adresse und Passwort können wir allerdings kein Konto anlegen, ohne Namen und E-Mail-Adresse keine Bestellung annehmen und ohne E-Mail-Adresse keinen Newsletter senden. Eine automatisierte Entscheidungsfindung einschließlich Profiling findet nicht statt.",
          ),
        ],
      },
    ],
  };

  /* ---- AGB ------------------------------------------------------------------------------- */

  const agb: LegalPage = {
    slug: "agb",
    title: "Allgemeine Geschäftsbedingungen",
    metaTitle: "AGB – BeHappy",
    description:
      "Allgemeine Geschäftsbedingungen von BeHappy für Kurse, Veranstaltungen, Produkte und Mitgliedschaften, mit Widerrufsbelehrung.",
    intro:
      "Diese Bedingungen regeln, wie Verträge über unseren Shop zustande kommen und was für beide Seiten gilt. Wir haben uns bemüht, sie klar und verständlich zu formulieren.",
    updated: UPDATED,
    sections: [
      {
        id: "geltungsbereich",
        heading: "§ 1 Geltungsbereich",
        blocks: [
          p(
            `(1) Diese Allgemeinen Geschäftsbedingungen gelten für alle Verträge, die du über die Website von BeHappy mit der ${operator.company}, ${operator.street}, ${operator.postalCode} ${operator.city} (im Folgenden „wir“) schließt. Sie umfassen Kurse, Veranstaltungen, Produkte und Mitgliedschaften.`,
          ),
          p(
            "(2) Verbraucherin oder Verbraucher ist jede natürliche Person, die ein Rechtsgeschäft zu Zwecken abschließt, die überwiegend weder ihrer gewerblichen noch ihrer selbstständigen beruflichen Tätigkeit zugerechnet werden können (§ 13 BGB).",
          ),
          p(
            "(3) Abweichende Bedingungen erkennen wir nicht an, es sei denn, wir stimmen ihnen ausdrücklich schriftlich zu.",
          ),
        ],
      },
      {
        id: "vertragsschluss",
        heading: "§ 2 Vertragsschluss",
        blocks: [
          p(
            "(1) Die Darstellung unserer Angebote auf der Website ist kein rechtlich bindendes Angebot, sondern eine Einladung, eine Bestellung abzugeben.",
          ),
          p(
            "(2) Du legst Artikel in den Warenkorb, meldest dich mit deinem Kundenkonto an und gibst auf der Bestellseite deine Daten ein. Vor dem Absenden kannst du alle Angaben prüfen und über den Warenkorb korrigieren. Mit dem Klick auf die Bestellschaltfläche gibst du ein verbindliches Angebot zum Kauf der Artikel im Warenkorb ab.",
          ),
          p(
            "(3) Nach dem Absenden erhältst du eine Bestellbestätigung mit einer Bestellnummer. Der Vertrag kommt zustande, wenn wir deine Bestellung annehmen, spätestens mit der Bereitstellung des Kurses, der Bestätigung der Veranstaltungsbuchung oder dem Versand des Produkts.",
          ),
          p(
            "(4) Vertragssprache ist Deutsch. Wir speichern den Vertragstext; du kannst deine Bestellungen jederzeit in deinem Kundenkonto unter „Dashboard“ einsehen.",
          ),
        ],
      },
      {
        id: "mitgliedschaften",
        heading: "§ 3 Mitgliedschaften und Community-Preise",
        blocks: [
          p(
            "(1) Wir bieten eine kostenlose Mitgliedschaft (Free), eine Jahresmitgliedschaft (Yearly) und eine einmalig zu zahlende lebenslange Mitgliedschaft (Lifetime) an. Der jeweilige Leistungsumfang ergibt sich aus der Beschreibung auf der Seite „Mitglied werden“.",
          ),
          p(
            "(2) Die Jahresmitgliedschaft läuft zwölf Monate ab Vertragsschluss. Sie verlängert sich nicht automatisch. Die lebenslange Mitgliedschaft gilt, solange wir die BeHappy-Community betreiben.",
          ),
          p(
            "(3) Mitglieder erhalten viele Angebote zum ausgewiesenen Community-Preis. Ist als Community-Preis „Inklusive“ angegeben, ist die Leistung für Mitglieder im Mitgliedsbeitrag enthalten.",
          ),
        ],
      },
      {
        id: "preise",
        heading: "§ 4 Preise",
        blocks: [
          p(
            operator.vatMode === "small-business"
              ? `(1) Alle Preise sind Endpreise in Euro (EUR). ${SMALL_BUSINESS_NOTE}`
              : "(1) Alle Preise sind Endpreise in Euro (EUR) und enthalten die gesetzliche Umsatzsteuer.",
          ),
          p("(2) Maßgeblich ist der Preis zum Zeitpunkt deiner Bestellung."),
        ],
      },
      {
        id: "versand",
        heading: "Versand und Lieferung",
        blocks: [
          p(shippingTerms(shippingFee)),
          p(
            "Wir liefern innerhalb Deutschlands an die Lieferadresse deiner Bestellung (ohne abweichende Angabe an deine Rechnungsadresse). Die Lieferzeit beträgt 3–5 Werktage nach Zahlungseingang.",
          ),
        ],
      },
      {
        id: "zahlung",
        heading: "§ 5 Zahlung",
        blocks: [
          p(
            "(1) Die Zahlung erfolgt per Überweisung im Voraus (Vorkasse). Die Bankverbindung, den Betrag und den Verwendungszweck (deine Bestellnummer) zeigen wir dir nach der Bestellung auf der Bestätigungsseite und in der Bestellbestätigung per E-Mail, jeweils auch als GiroCode zum Scannen mit deiner Banking-App. Eine Zahlung auf der Website selbst findet nicht statt.",
          ),
          p(
            "(2) Der Betrag ist innerhalb von 14 Tagen nach der Bestellung fällig. Nach Zahlungseingang erhältst du die Rechnung per E-Mail und in deinem Dashboard. Den Zugang zu Kursen, die Teilnahme an Veranstaltungen und den Versand von Produkten können wir vom Zahlungseingang abhängig machen.",
          ),
        ],
      },
      {
        id: "leistungen",
        heading: "§ 6 Kurse, Veranstaltungen und Produkte",
        blocks: [
          p(
            "(1) Kurse stellen wir dir nach Vertragsschluss in deinem Kundenkonto zur Verfügung. Die Zugangsdaten sind persönlich und dürfen nicht an Dritte weitergegeben werden.",
          ),
          p(
            "(2) Für gebuchte Veranstaltungen meldest du die Teilnehmenden in deinem Dashboard an. Müssen wir eine Veranstaltung absagen, etwa wegen Krankheit der Kursleitung oder zu geringer Teilnehmerzahl, informieren wir dich so früh wie möglich und erstatten bereits gezahlte Beträge vollständig.",
          ),
          p(
            "(3) Produkte liefern wir innerhalb Deutschlands, solange der Vorrat reicht. Bis zur vollständigen Bezahlung bleibt die Ware unser Eigentum.",
          ),
          p(
            "(4) Unsere Angebote dienen der persönlichen Weiterentwicklung. Sie sind keine Heilbehandlung und ersetzen keine ärztliche oder psychotherapeutische Beratung.",
          ),
        ],
      },
      {
        id: "widerruf",
        heading: "§ 7 Widerrufsrecht",
        blocks: [
          p("Verbraucherinnen und Verbrauchern steht ein Widerrufsrecht nach Maßgabe der folgenden Belehrung zu."),
          p(
            "Du kannst deinen Widerruf auch über unsere Widerrufsfunktion erklären: Den Link „Vertrag widerrufen“ findest du im Fußbereich jeder Seite.",
          ),
          ...statutory(withdrawalInstructions(seller)),
          p(
            "Bei Waren können wir die Rückzahlung verweigern, bis wir die Waren wieder zurückerhalten haben oder bis Sie den Nachweis erbracht haben, dass Sie die Waren zurückgesandt haben, je nachdem, welches der frühere Zeitpunkt ist. Sie haben die Waren unverzüglich und in jedem Fall spätestens binnen vierzehn Tagen ab dem Tag, an dem Sie uns über den Widerruf dieses Vertrags unterrichten, an uns zurückzusenden oder zu übergeben. Die Frist ist gewahrt, wenn Sie die Waren vor Ablauf der Frist von vierzehn Tagen absenden. Sie tragen die unmittelbaren Kosten der Rücksendung der Waren. Sie müssen für einen etwaigen Wertverlust der Waren nur aufkommen, wenn dieser Wertverlust auf einen zur Prüfung der Beschaffenheit, Eigenschaften und Funktionsweise der Waren nicht notwendigen Umgang mit ihnen zurückzuführen ist.",
          ),
          h3("Besondere Hinweise"),
          ul(
            "Das Widerrufsrecht besteht nicht bei Verträgen zur Erbringung von Dienstleistungen im Zusammenhang mit Freizeitbetätigungen, wenn der Vertrag für die Erbringung einen spezifischen Termin oder Zeitraum vorsieht (§ 312g Abs. 2 Nr. 9 BGB). Das kann auf Veranstaltungen mit festem Termin zutreffen; darauf weisen wir im jeweiligen Angebot hin.",
            "Bei Verträgen über digitale Inhalte, die nicht auf einem körperlichen Datenträger geliefert werden (zum Beispiel Online-Kurse), erlischt das Widerrufsrecht, wenn wir mit der Vertragserfüllung begonnen haben, nachdem du ausdrücklich zugestimmt hast, dass wir vor Ablauf der Widerrufsfrist beginnen, du deine Kenntnis davon bestätigt hast, dass du durch deine Zustimmung dein Widerrufsrecht verlierst, und wir dir eine Bestätigung des Vertrags zur Verfügung gestellt haben (§ 356 Abs. 5 BGB).",
          ),
          ...statutory(withdrawalForm(seller), { lines: true }),
        ],
      },
      {
        id: "gewaehrleistung",
        heading: "§ 8 Gewährleistung",
        blocks: [
          p(
            "Es gelten die gesetzlichen Mängelhaftungsrechte. Bei Fragen oder Problemen mit einem Kurs, einer Veranstaltung oder einem Produkt melde dich bitte bei uns – wir kümmern uns schnell und unkompliziert.",
          ),
        ],
      },
      {
        id: "haftung",
        heading: "§ 9 Haftung",
        blocks: [
          p(
            "(1) Wir haften unbeschränkt für Vorsatz und grobe Fahrlässigkeit, für Schäden aus der Verletzung des Lebens, des Körpers oder der Gesundheit sowie nach dem Produkthaftungsgesetz.",
          ),
          p(
            "(2) Bei leicht fahrlässiger Verletzung einer wesentlichen Vertragspflicht, deren Erfüllung die ordnungsgemäße Durchführung des Vertrags überhaupt erst ermöglicht und auf deren Einhaltung du regelmäßig vertrauen darfst (Kardinalpflicht), ist unsere Haftung auf den vertragstypischen, vorhersehbaren Schaden begrenzt. Im Übrigen ist die Haftung für leichte Fahrlässigkeit ausgeschlossen.",
          ),
          p("(3) Diese Beschränkungen gelten auch zugunsten unserer Mitarbeitenden, Kursleitungen und Beauftragten."),
        ],
      },
      {
        id: "schlussbestimmungen",
        heading: "§ 10 Schlussbestimmungen",
        blocks: [
          p(
            "(1) Es gilt das Recht der Bundesrepublik Deutschland unter Ausschluss des UN-Kaufrechts. Bist du Verbraucherin oder Verbraucher, gilt diese Rechtswahl nur, soweit dir dadurch nicht der Schutz zwingender Bestimmungen des Staates entzogen wird, in dem du deinen gewöhnlichen Aufenthalt hast.",
          ),
          p(
            "(2) Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.",
          ),
          p(
            "(3) Sollte eine Bestimmung dieser Bedingungen unwirksam sein, bleibt die Wirksamkeit der übrigen Bestimmungen unberührt. An die Stelle der unwirksamen Bestimmung treten die gesetzlichen Vorschriften.",
          ),
        ],
      },
    ],
  };

  return { impressum, datenschutz, agb };
}

export function isLegalSlug(value: string): value is LegalSlug {
  return value === "impressum" || value === "datenschutz" || value === "agb";
}
