/** Shared shapes of the two self-tests (Glückstest, Scanner-Taucher-Test). Pure data, no I/O. */

/** One answer on the 1–5 agreement scale. */
export type Answer = 1 | 2 | 3 | 4 | 5;

export const SCALE: ReadonlyArray<{ value: Answer; label: string }> = [
  { value: 1, label: "trifft gar nicht zu" },
  { value: 2, label: "trifft eher nicht zu" },
  { value: 3, label: "teils, teils" },
  { value: 4, label: "trifft eher zu" },
  { value: 5, label: "trifft voll zu" },
];

export interface Statement {
  /** Stable form field name, e.g. "g01". */
  id: string;
  text: string;
}

export type Answers = Record<string, Answer>;

export interface ResultBand {
  id: string;
  title: string;
  /** Warm, encouraging explanation (German). */
  text: string;
  tips: string[];
}
