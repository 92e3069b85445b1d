/**
 * Column values as loaders send them (JSON): numbers as numbers, timestamps as ISO strings. Both
 * drivers already return numeric as a number (client.server.ts) and timestamptz as a Date; bigint
 * arrives as a string on pg and a number on PGlite, and an aggregate may be null.
 */

/** A number, or null when the value is absent or not a finite number. */
export function num(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** An ISO 8601 timestamp (null stays null). */
export function iso(value: Date | string): string;
export function iso(value: Date | string | null | undefined): string | null;
export function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/**
 * A DATE column as YYYY-MM-DD (null stays null). Drivers hand a DATE out as a Date at local midnight,
 * or as the string itself.
 */
export function day(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/** A selected row as a loader sends it: every timestamp (Date) becomes its ISO string. */
export type Serialized<Row> = {
  [K in keyof Row]: Row[K] extends Date ? string : Row[K] extends Date | null ? string | null : Row[K];
};
