import type { Answer, Answers, ResultBand, Statement } from "~/lib/self-tests/types";

/**
 * Glückstest: 12 statements about everyday well-being on a 1–5 scale. Statements marked `reverse`
 * describe a burden, so agreeing lowers the score. The total is normalised to 0–100 and mapped
 * onto four bands. This is a reflection aid, not a psychological diagnosis.
 */
export interface HappinessStatement extends Statement {
  reverse?: boolean;
}

export const HAPPINESS_STATEMENTS: HappinessStatement[] = [
  { id: "g01", text: "Ich wache an den meisten Tagen mit Vorfreude auf den Tag auf." },
  { id: "g02", text: "Ich habe Menschen in meinem Leben, auf die ich mich verlassen kann." },
  { id: "g03", text: "Ich fühle mich oft erschöpft oder ausgelaugt.", reverse: true },
  { id: "g04", text: "Ich nehme mir regelmäßig Zeit für Dinge, die mir Freude machen." },
  { id: "g05", text: "Ich bin dankbar für vieles, was ich habe." },
  { id: "g06", text: "Ich mache mir häufig Sorgen um die Zukunft.", reverse: true },
  { id: "g07", text: "Meine Arbeit oder meine täglichen Aufgaben empfinde ich als sinnvoll." },
  { id: "g08", text: "Ich kann gut mit Rückschlägen umgehen und finde wieder in die Spur." },
  { id: "g09", text: "Ich vergleiche mich oft mit anderen und schneide dabei schlecht ab.", reverse: true },
  { id: "g10", text: "Ich achte gut auf meinen Körper: Schlaf, Bewegung und Ernährung." },
  { id: "g11", text: "Ich habe Ziele, auf die ich mich freue." },
  { id: "g12", text: "Ich kann mich selbst so annehmen, wie ich bin." },
];

export const HAPPINESS_BANDS: Record<"neustart" | "unterwegs" | "zufrieden" | "strahlend", ResultBand> = {
  neustart: {
    id: "neustart",
    title: "Zeit für mehr Leichtigkeit",
    text:
      "Gerade fühlt sich vieles schwer an – und das ist völlig in Ordnung. Dass du diesen Test gemacht hast, " +
      "zeigt: Du willst etwas verändern. Kleine Schritte reichen, um wieder mehr Licht in deinen Alltag zu holen. " +
      "Und du musst den Weg nicht allein gehen.",
    tips: [
      "Schreib dir jeden Abend eine Sache auf, die heute gut war – auch wenn sie klein ist.",
      "Plane diese Woche eine feste halbe Stunde nur für dich ein und halte sie wie einen Termin.",
      "Sprich mit einem Menschen, dem du vertraust, darüber, wie es dir wirklich geht.",
      "Wenn die Schwere länger anhält, hol dir bitte professionelle Unterstützung, zum Beispiel bei deiner Hausärztin oder deinem Hausarzt.",
    ],
  },
  unterwegs: {
    id: "unterwegs",
    title: "Auf einem guten Weg",
    text:
      "Du hast schon viele gute Zutaten für ein glückliches Leben – an manchen Stellen hakt es noch. " +
      "Schau, welche Aussagen dir schwerfielen: Genau dort liegt dein größtes Wachstumspotenzial.",
    tips: [
      "Wähle eine einzige Gewohnheit, die dir guttut, und übe sie 21 Tage lang.",
      "Reduziere bewusst Vergleiche, etwa durch weniger Zeit in sozialen Netzwerken.",
      "Verabrede dich regelmäßig mit Menschen, die dir Energie geben.",
    ],
  },
  zufrieden: {
    id: "zufrieden",
    title: "Du strahlst Zufriedenheit aus",
    text:
      "In vielen Lebensbereichen fühlst du dich wohl und bist gut mit dir verbunden. " +
      "Jetzt geht es darum, dieses Fundament zu pflegen und neue Ziele mit Freude anzugehen.",
    tips: [
      "Setze dir ein Ziel, das dich ein wenig herausfordert und begeistert.",
      "Teile deine Erfahrungen: Anderen Mut zu machen, stärkt auch dich selbst.",
      "Gönn dir regelmäßige Reflexion, zum Beispiel mit einem Dankbarkeitstagebuch.",
    ],
  },
  strahlend: {
    id: "strahlend",
    title: "Ein echtes Glückskind",
    text:
      "Wunderbar! Du lebst mit viel Zufriedenheit, Sinn und Verbundenheit. " +
      "Deine Haltung kann andere inspirieren – vielleicht ist jetzt die Zeit, dein Wissen weiterzugeben.",
    tips: [
      "Werde Mentorin oder Mentor für jemanden, der gerade am Anfang steht.",
      "Halte fest, was dir guttut, damit du in stürmischen Zeiten darauf zurückgreifen kannst.",
      "Probiere etwas ganz Neues aus und bleib neugierig auf dich selbst.",
    ],
  },
};

export interface HappinessResult {
  /** Normalised score 0–100. */
  score: number;
  band: ResultBand;
}

/** Points of one answer: 1–5, reversed (6 − a) for burdening statements. */
export function happinessPoints(statement: HappinessStatement, answer: Answer): number {
  return statement.reverse ? 6 - answer : answer;
}

export function happinessBand(score: number): ResultBand {
  if (score < 40) return HAPPINESS_BANDS.neustart;
  if (score < 60) return HAPPINESS_BANDS.unterwegs;
  if (score < 80) return HAPPINESS_BANDS.zufrieden;
  return HAPPINESS_BANDS.strahlend;
}

/** Scores a complete set of answers. Throws if a statement is unanswered (validate first). */
export function scoreHappiness(
  answers: Answers,
  statements: HappinessStatement[] = HAPPINESS_STATEMENTS,
): HappinessResult {
  let total = 0;
  for (const statement of statements) {
    const answer = answers[statement.id];
    if (answer === undefined) throw new Error(`Unbeantwortete Aussage: ${statement.id}`);
    total += happinessPoints(statement, answer);
  }
  const min = statements.length;
  const max = statements.length * 5;
  const score = Math.round(((total - min) / (max - min)) * 100);
  return { score, band: happinessBand(score) };
}
