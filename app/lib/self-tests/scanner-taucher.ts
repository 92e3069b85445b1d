import type { Answers, ResultBand, Statement } from "~/lib/self-tests/types";

/**
 * Scanner-oder-Taucher-Test. A "Scanner" has many interests and loves variety; a "Taucher" dives
 * deep into one subject. 14 statements, half pointing to each type. Every answer moves an index
 * by −2…+2 (3 = neutral): towards Scanner for scanner statements, towards Taucher for the others.
 * The index is normalised to −100 (pure Taucher) … +100 (pure Scanner).
 */
export type Leaning = "scanner" | "taucher";

export interface TypeStatement extends Statement {
  leaning: Leaning;
}

export const TYPE_STATEMENTS: TypeStatement[] = [
  {
    id: "s01",
    leaning: "scanner",
    text: "Ich habe ständig neue Ideen und möchte am liebsten alle gleichzeitig umsetzen.",
  },
  { id: "s02", leaning: "taucher", text: "Wenn mich ein Thema packt, beschäftige ich mich jahrelang damit." },
  {
    id: "s03",
    leaning: "scanner",
    text: "Sobald ich etwas verstanden habe, verliere ich oft das Interesse und suche das Nächste.",
  },
  { id: "s04", leaning: "taucher", text: "Ich werde gern zur Expertin oder zum Experten auf genau einem Gebiet." },
  {
    id: "s05",
    leaning: "scanner",
    text: "In Buchhandlungen oder Bibliotheken zieht es mich in ganz verschiedene Abteilungen.",
  },
  { id: "s06", leaning: "taucher", text: "Ich arbeite am liebsten lange und ungestört an einer einzigen Sache." },
  {
    id: "s07",
    leaning: "scanner",
    text: "Die Frage „Was willst du eigentlich beruflich machen?“ bringt mich ins Grübeln, weil mich so vieles reizt.",
  },
  { id: "s08", leaning: "taucher", text: "Abwechslung um der Abwechslung willen brauche ich nicht." },
  { id: "s09", leaning: "scanner", text: "Ich habe mehrere angefangene Projekte, Hobbys oder Kurse." },
  {
    id: "s10",
    leaning: "taucher",
    text: "Ich bleibe auch dann bei einer Sache, wenn die erste Begeisterung vorbei ist.",
  },
  { id: "s11", leaning: "scanner", text: "Routine und immer gleiche Abläufe langweilen mich schnell." },
  { id: "s12", leaning: "taucher", text: "Ich gehe Dingen gern bis ins kleinste Detail auf den Grund." },
  { id: "s13", leaning: "scanner", text: "Ich verbinde gern Wissen aus ganz unterschiedlichen Bereichen miteinander." },
  {
    id: "s14",
    leaning: "taucher",
    text: "Ich fühle mich am wohlsten, wenn ich ein klares, langfristiges Ziel verfolge.",
  },
];

export type TypeId = "scanner" | "taucher" | "mischtyp";

export const TYPE_BANDS: Record<TypeId, ResultBand> = {
  scanner: {
    id: "scanner",
    title: "Du bist ein Scanner",
    text:
      "Deine Neugier kennt kaum Grenzen: Du liebst Abwechslung, lernst schnell und verbindest Ideen aus " +
      "ganz verschiedenen Welten. Das ist keine Schwäche und kein „Sich-nicht-entscheiden-Können“, sondern " +
      "eine besondere Begabung. Dein Glück liegt darin, deiner Vielfalt einen Rahmen zu geben, statt sie zu bekämpfen.",
    tips: [
      "Führe ein Ideenbuch: Jede Idee darf hinein, ohne dass du sie sofort umsetzen musst.",
      "Arbeite in Projekten mit klarem Ende – so darfst du danach guten Gewissens weiterziehen.",
      "Suche dir Berufe oder Rollen mit Abwechslung, etwa als Generalistin, Beraterin oder Gründer.",
      "Erlaube dir, Dinge „nur“ so weit zu lernen, wie sie dich begeistern.",
    ],
  },
  taucher: {
    id: "taucher",
    title: "Du bist ein Taucher",
    text:
      "Du gehst in die Tiefe: Wenn dich etwas fesselt, bleibst du dran und entwickelst echtes Können. " +
      "Ausdauer, Gründlichkeit und Fokus sind deine Stärken. Dein Glück findest du dort, wo du ungestört " +
      "eintauchen und Meisterschaft entwickeln darfst.",
    tips: [
      "Schaffe dir feste, ungestörte Zeitblöcke für dein Herzensthema.",
      "Teile dein Wissen – als Expertin oder Experte kannst du anderen viel geben.",
      "Plane gelegentlich bewusst einen Blick über den Tellerrand ein, um frische Impulse zu bekommen.",
      "Sei stolz auf deine Beständigkeit, auch wenn andere scheinbar schneller wechseln.",
    ],
  },
  mischtyp: {
    id: "mischtyp",
    title: "Du bist ein Mischtyp",
    text:
      "Du vereinst beides: Du kannst dich für Neues begeistern und trotzdem bei einer Sache in die Tiefe gehen. " +
      "Je nach Lebensphase überwiegt mal die Entdeckerin, mal der Spezialist in dir. Diese Flexibilität ist ein " +
      "großes Geschenk – wichtig ist, dass du spürst, was du gerade brauchst.",
    tips: [
      "Kombiniere ein langfristiges Kernthema mit kleinen Entdeckungsprojekten nebenher.",
      "Frag dich regelmäßig: Brauche ich gerade Tiefe oder Abwechslung?",
      "Nutze deine Brückenfunktion: Du kannst Scanner und Taucher im Team gut verbinden.",
    ],
  },
};

export interface TypeResult {
  /** −100 (Taucher) … +100 (Scanner). */
  index: number;
  /** Share of scanner traits in percent (0–100), for a simple bar. */
  scannerShare: number;
  type: TypeId;
  band: ResultBand;
}

/** Index at or beyond which a clear type is named; in between it is a Mischtyp. */
export const TYPE_THRESHOLD = 25;

export function classifyType(index: number): TypeId {
  if (index >= TYPE_THRESHOLD) return "scanner";
  if (index <= -TYPE_THRESHOLD) return "taucher";
  return "mischtyp";
}

export function scoreScannerTaucher(answers: Answers, statements: TypeStatement[] = TYPE_STATEMENTS): TypeResult {
  let raw = 0;
  for (const statement of statements) {
    const answer = answers[statement.id];
    if (answer === undefined) throw new Error(`Unbeantwortete Aussage: ${statement.id}`);
    const delta = answer - 3;
    raw += statement.leaning === "scanner" ? delta : -delta;
  }
  const index = Math.round((raw / (statements.length * 2)) * 100);
  const type = classifyType(index);
  return { index, scannerShare: Math.round((index + 100) / 2), type, band: TYPE_BANDS[type] };
}
