import type { Pillar } from "~/content/pillars";

/** Content of /concept: its four pillars, how they are put into practice and what they rest on. */

export type PracticeStep = { step: number; title: string; text: string };

export const conceptPractice: { title: string; lead: string; steps: PracticeStep[] } = {
  title: "So sieht das in der Praxis aus",
  lead: "Unsere Kurse, Veranstaltungen und Gruppen folgen einem einfachen Rhythmus, der sich im Alltag bewährt hat.",
  steps: [
    {
      step: 1,
      title: "Standort bestimmen",
      text: "Mit einem Selbsttest oder einer Reflexionsübung schaust du, wo du gerade stehst und was dir wichtig ist.",
    },
    {
      step: 2,
      title: "Impulse aufnehmen",
      text: "In Kursen und Veranstaltungen lernst du Werkzeuge kennen, die zu deiner Situation passen – verständlich erklärt und sofort anwendbar.",
    },
    {
      step: 3,
      title: "Ins Tun kommen",
      text: "Du wählst einen kleinen, konkreten Schritt für die nächsten Tage und planst, wann und wie du ihn umsetzt.",
    },
    {
      step: 4,
      title: "Gemeinsam dranbleiben",
      text: "In der Community teilst du Erfahrungen, bekommst Rückmeldung und feierst Fortschritte. So wird aus einem Vorsatz eine Gewohnheit.",
    },
  ],
};

export type EvidenceItem = { title: string; text: string };

export const conceptEvidence: { title: string; lead: string; items: EvidenceItem[]; note: string } = {
  title: "Worauf unser Konzept aufbaut",
  lead: "Wir erfinden das Rad nicht neu. Unser Ansatz stützt sich auf gut untersuchte Erkenntnisse aus Psychologie und Verhaltensforschung.",
  items: [
    {
      title: "Positive Psychologie",
      text: "Die Forschung rund um Martin Seligman beschreibt Wohlbefinden als Zusammenspiel aus positiven Gefühlen, Engagement, Beziehungen, Sinn und Erfolgserlebnissen (PERMA-Modell). Diese Bausteine finden sich in unseren vier Säulen wieder.",
    },
    {
      title: "Selbst\u00ADbe\u00ADstim\u00ADmungs\u00ADtheo\u00ADrie",
      text: "Nach Edward Deci und Richard Ryan wachsen Motivation und Zufriedenheit, wenn Menschen Autonomie, Kompetenz und Verbundenheit erleben. Deshalb entscheidest du selbst über deine Ziele – und bist dabei nie allein.",
    },
    {
      title: "Zielsetzung und Wenn-dann-Pläne",
      text: "Studien zu Zielsetzung (Locke und Latham) und zu Umsetzungsabsichten (Peter Gollwitzer) zeigen: Konkrete Ziele und genaue Pläne für das Wann und Wie erhöhen die Chance deutlich, dass Vorsätze Wirklichkeit werden.",
    },
    {
      title: "Soziale Ver\u00ADbun\u00ADden\u00ADheit",
      text: "Langzeitstudien wie die Harvard Study of Adult Development deuten darauf hin, dass gute Beziehungen zu den stärksten Einflussfaktoren für ein zufriedenes Leben gehören. Gemeinschaft ist bei uns darum kein Extra, sondern Kern.",
    },
  ],
  note: "Unsere Angebote dienen der persönlichen Entwicklung. Sie ersetzen keine ärztliche, psychotherapeutische oder rechtliche Beratung. Wenn es dir nicht gut geht, wende dich bitte an eine Ärztin, einen Arzt oder die TelefonSeelsorge unter 0800 111 0 111 (kostenfrei, rund um die Uhr).",
};

/** A pillar as /concept explains it (the start page shows the short form). */
export type ConceptPillar = Pillar & {
  /** Concrete things members do within this pillar. */
  points: string[];
};

/** The four pillars of the BeHappy concept (/concept). */
export const conceptPillars: ConceptPillar[] = [
  {
    id: "selbstreflexion",
    title: "Selbst\u00ADre\u00ADfle\u00ADxi\u00ADon",
    text: "Wer sich selbst kennt, trifft bessere Entscheidungen. Wir laden dich ein, innezuhalten und ehrlich hinzuschauen: Was tut mir gut? Was will ich wirklich?",
    icon: "eye",
    points: [
      "Geführte Reflexionsfragen und Journaling-Impulse",
      "Selbsttests wie der Glückstest als Ausgangspunkt",
      "Regelmäßige Rückblicke auf das, was gelungen ist",
    ],
  },
  {
    id: "ganzheitliche-entwicklung",
    title: "Ganz\u00ADheit\u00ADli\u00ADche Entwicklung",
    text: "Glück entsteht nicht an einer einzigen Stelle. Körper, Gefühle, Beziehungen, Arbeit und Sinn gehören zusammen – deshalb betrachten wir immer den ganzen Menschen.",
    icon: "heart",
    points: [
      "Impulse für Körper, Geist und Beziehungen",
      "Achtsamkeit und Selbstfürsorge im Alltag",
      "Balance statt Selbstoptimierung um jeden Preis",
    ],
  },
  {
    id: "zielorientiertes-handeln",
    title: "Ziel\u00ADori\u00ADen\u00ADtier\u00ADtes Handeln",
    text: "Einsicht allein verändert noch nichts. Wir übersetzen gute Vorsätze in klare, machbare Schritte und bleiben dran, bis sie zur Gewohnheit werden.",
    icon: "target",
    points: [
      "Klare Ziele, die zu deinen Werten passen",
      "Kleine Schritte mit konkreten Wenn-dann-Plänen",
      "Sichtbarer Fortschritt, der motiviert",
    ],
  },
  {
    id: "gemeinschaftliche-unterstuetzung",
    title: "Ge\u00ADmein\u00ADschaft\u00ADli\u00ADche Un\u00ADter\u00ADstüt\u00ADzung",
    text: "Gemeinsam fällt vieles leichter. Austausch, Ermutigung und verbindliche Verabredungen mit anderen geben deiner Entwicklung Rückenwind.",
    icon: "users",
    points: [
      "Austausch in Gruppen und bei Veranstaltungen",
      "Lernpartnerschaften, die verbindlich machen",
      "Erfahrene Begleiterinnen und Begleiter an deiner Seite",
    ],
  },
];
