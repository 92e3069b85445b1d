import { SMALL_BUSINESS_NOTE } from "~/lib/operator";
import { lines, p, UPDATED, type LegalContext, type LegalPage } from "~/content/legal/blocks";

/** Anbieterkennzeichnung (§ 5 DDG). */
export function impressumPage({ operator, operatorAddressLines, exampleNote, contactDl }: LegalContext): LegalPage {
  return {
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
}
