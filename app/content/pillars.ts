import type { IconName } from "~/content/types";

export type Pillar = {
  id: string;
  title: string;
  text: string;
  icon: IconName;
};

export type ConceptPillar = Pillar & {
  /** Concrete things members do within this pillar. */
  points: string[];
};

/** The four pillars on the start page (spec §2: self-realisation, personal growth, community, business building). */
export const homePillars: Pillar[] = [
  {
    id: "selbstverwirklichung",
    title: "Selbst\u00ADver\u00ADwirk\u00ADli\u00ADchung",
    text: "Finde heraus, was dich wirklich erfüllt, und gib deinen Talenten den Raum, den sie verdienen – in deinem Tempo und auf deine Weise.",
    icon: "sparkles",
  },
  {
    id: "persoenliches-wachstum",
    title: "Per\u00ADsön\u00ADli\u00ADches Wachstum",
    text: "Kurse, Übungen und Impulse, die dich Schritt für Schritt weiterbringen: mehr Klarheit, mehr Gelassenheit, mehr Mut zu neuen Wegen.",
    icon: "sprout",
  },
  {
    id: "gemeinschaft",
    title: "Ge\u00ADmein\u00ADschaft",
    text: "Menschen, die dich verstehen, ermutigen und mitfeiern. In unserer Community wächst niemand allein.",
    icon: "users",
  },
  {
    id: "business-aufbau",
    title: "Business-Aufbau",
    text: "Mach aus deiner Leidenschaft ein Angebot, das trägt – mit praxisnahem Wissen, ehrlichem Feedback und Menschen, die den Weg schon gegangen sind.",
    icon: "briefcase",
  },
];

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
