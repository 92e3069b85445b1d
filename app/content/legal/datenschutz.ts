import { lines, p, ul, UPDATED, type LegalContext, type LegalPage } from "~/content/legal/blocks";

/** Datenschutzerklärung (Art. 13 DSGVO): what this shop really stores. */
export function datenschutzPage({ operator, operatorAddressLines, exampleNote }: LegalContext): LegalPage {
  return {
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
            "Eine Zahlungsabwicklung findet auf dieser Website nicht statt; du zahlst per Überweisung, Kartendaten speichern wir nicht. Nach Zahlungseingang stellen wir eine Rechnung aus, die wir acht Jahre aufbewahren (§ 14b UStG, § 147 Abgabenordnung).",
          ),
          p(
            "Erstatten wir dir Geld (nach einem Widerruf, einer Stornierung, einer Rückgabe oder wenn du zu viel überwiesen hast), fragen wir Kontoinhaber und IBAN ab, um den Betrag zu überweisen. Wir speichern sie mit der Erstattung; die Erstattung gehört zu unseren Buchungsbelegen und wird wie diese bis zu acht Jahre aufbewahrt (Art. 6 Abs. 1 lit. b und c DSGVO).",
          ),
          p(
            "Trägst du dich auf die Warteliste einer ausgebuchten Veranstaltung oder eines Kurses ein, speichern wir deinen Namen, deine E-Mail-Adresse und die gewünschte Zahl der Plätze, um dir zu schreiben, wenn Plätze frei werden (Art. 6 Abs. 1 lit. b DSGVO, auf deine Anfrage). Deinen Eintrag löschen wir eine Woche, nachdem du nicht mehr wartest (du hast gebucht, dich ausgetragen oder ein Angebot verfallen lassen), spätestens wenn die Veranstaltung beginnt oder wir sie aus dem Angebot nehmen.",
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
}
