import { formatPrice } from "~/lib/format";
import { SMALL_BUSINESS_NOTE } from "~/lib/operator";
import { withdrawalForm, withdrawalInstructions } from "~/content/withdrawal";
import { h3, p, statutory, ul, type LegalContext, type LegalPage } from "~/content/legal/blocks";

/** AGB with Widerrufsbelehrung and Muster-Widerrufsformular. */
/** The shipping terms (AGB "§ 5 Versand und Lieferung"): free, or the configured flat fee per order. */
function shippingTerms(shippingFee: number) {
  if (!(shippingFee > 0)) {
    return "Wir liefern versandkostenfrei: Für Produkte, die wir versenden, berechnen wir keine Versandkosten; der Gesamtbetrag ist die Summe der Artikel. Für digitale Inhalte, Kurse, Veranstaltungen und Mitgliedschaften fallen ohnehin keine Versandkosten an.";
  }
  return `Für Bestellungen mit mindestens einem Produkt, das wir versenden, berechnen wir einmalig pauschal ${formatPrice(shippingFee)} Versandkosten, gleich wie viele Artikel die Bestellung enthält. Sie erscheinen als eigene Position „Versand“ im Warenkorb, an der Kasse, in der Bestellbestätigung und auf der Rechnung; der Gesamtbetrag ist die Summe der Artikel und der Versandkosten. Für digitale Inhalte, Kurse, Veranstaltungen und Mitgliedschaften fallen keine Versandkosten an.`;
}

export function agbPage({ operator, seller }: LegalContext, shippingFee: number): LegalPage {
  return {
    slug: "agb",
    title: "Allgemeine Geschäftsbedingungen",
    metaTitle: "AGB – BeHappy",
    description:
      "Allgemeine Geschäftsbedingungen von BeHappy für Kurse, Veranstaltungen, Produkte und Mitgliedschaften, mit Widerrufsbelehrung.",
    intro:
      "Diese Bedingungen regeln, wie Verträge über unseren Shop zustande kommen und was für beide Seiten gilt. Wir haben uns bemüht, sie klar und verständlich zu formulieren.",
    updated: "Dezember 2026",
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
          p(
            "(4) Kündigung: Du kannst jede Mitgliedschaft jederzeit über den Link „Verträge hier kündigen“ unten auf jeder Seite kündigen, auch ohne Anmeldung; du erhältst sofort eine Eingangsbestätigung per E-Mail. Eine Jahresmitgliedschaft endet bei einer ordentlichen Kündigung zum Ende des bezahlten Jahres, bei einer außerordentlichen Kündigung aus wichtigem Grund zum gewünschten Datum oder sofort. Eine Lifetime-Mitgliedschaft ist einmalig bezahlt; kündigst du sie, endet sie zum gewünschten Datum oder sofort; eine Erstattung gibt es nur im Rahmen des Widerrufsrechts. Eine Free-Mitgliedschaft endet zum gewünschten Datum oder sofort. Bis zum Ende kannst du eine Kündigung in deinem Dashboard zurücknehmen.",
          ),
          { type: "dl", items: [{ term: "Kündigen", value: "Verträge hier kündigen", href: "/vertrag-kuendigen" }] },
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
        heading: "§ 5 Versand und Lieferung",
        blocks: [
          p(shippingTerms(shippingFee)),
          p(
            "Wir liefern innerhalb Deutschlands an die Lieferadresse deiner Bestellung (ohne abweichende Angabe an deine Rechnungsadresse). Die Lieferzeit beträgt 3–5 Werktage nach Zahlungseingang.",
          ),
        ],
      },
      {
        id: "zahlung",
        heading: "§ 6 Zahlung",
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
        heading: "§ 7 Kurse, Veranstaltungen und Produkte",
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
        heading: "§ 8 Widerrufsrecht",
        blocks: [
          p("Verbraucherinnen und Verbrauchern steht ein Widerrufsrecht nach Maßgabe der folgenden Belehrung zu."),
          p(
            "Du kannst deinen Widerruf auch über unsere Widerrufsfunktion erklären: Den Link „Vertrag widerrufen“ findest du im Fußbereich jeder Seite.",
          ),
          ...statutory(withdrawalInstructions(seller)),
          h3("Besondere Hinweise"),
          ul(
            "Veranstaltungen mit festem Termin: Für Dienstleistungen im Zusammenhang mit Freizeitbetätigungen zu einem bestimmten Termin sieht das Gesetz kein Widerrufsrecht vor (§ 312g Abs. 2 Nr. 9 BGB). Wir räumen es dir trotzdem ein: Auch eine Veranstaltungsbuchung kannst du nach dieser Belehrung widerrufen.",
            "Digitale Inhalte (zum Beispiel Online-Kurse): Wir bitten dich nicht um die Zustimmung, mit der dein Widerrufsrecht vor Ablauf der Frist erlöschen würde (§ 356 Abs. 5 BGB). Du kannst deshalb auch diese Verträge innerhalb der vollen Widerrufsfrist widerrufen.",
          ),
          ...statutory(withdrawalForm(seller), { lines: true }),
        ],
      },
      {
        id: "gewaehrleistung",
        heading: "§ 9 Gewährleistung",
        blocks: [
          p(
            "Es gelten die gesetzlichen Mängelhaftungsrechte. Bei Fragen oder Problemen mit einem Kurs, einer Veranstaltung oder einem Produkt melde dich bitte bei uns – wir kümmern uns schnell und unkompliziert.",
          ),
        ],
      },
      {
        id: "haftung",
        heading: "§ 10 Haftung",
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
        heading: "§ 11 Schlussbestimmungen",
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
}
