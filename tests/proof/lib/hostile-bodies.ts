// Hostile form bodies for the property tests: strings and numbers people (and bots) type, and
// the encodings a client can send (urlencoded with raw bytes, multipart, JSON, garbage).
import fc from "fast-check";

/** A field value, or several values (duplicated field), or the field left out. */
export type FieldValue = string | string[] | undefined;
export type Fields = Record<string, FieldValue>;

/** Percent-encodes like a browser, except that lone surrogates go out as their raw WTF-8 bytes. */
export function encodeComponent(value: string): string {
  let out = "";
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const isHigh = code >= 0xd800 && code <= 0xdbff;
    const isLow = code >= 0xdc00 && code <= 0xdfff;
    const paired =
      isHigh && i + 1 < value.length && value.charCodeAt(i + 1) >= 0xdc00 && value.charCodeAt(i + 1) <= 0xdfff;
    if (paired) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (isHigh || isLow) {
      out +=
        `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    } else {
      out += encodeURIComponent(value[i]!);
    }
  }
  return out;
}

export function urlencoded(fields: Fields): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value])
      parts.push(`${encodeComponent(name)}=${encodeComponent(one)}`);
  }
  return parts.join("&");
}

export function multipart(fields: Fields): { body: string; contentType: string } {
  const boundary = "----proofBoundary7MA4YWxkTrZu0gW";
  let body = "";
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) {
      body += `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/"/g, "%22")}"\r\n\r\n${one}\r\n`;
    }
  }
  return { body: `${body}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}

const NUMBERS = [
  "-1",
  "0",
  "-0",
  "1.5",
  "0.001",
  "NaN",
  "Infinity",
  "-Infinity",
  "1e308",
  "1e400",
  "9007199254740993",
  "-99999999999",
  "0x10",
  "1,5",
  " 2 ",
  "",
  "12abc",
  "١٢",
];

/** Strings a hostile or unlucky visitor types: injection, unicode edge cases, sizes. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "'; drop table public.orders; --",
    "' or '1'='1",
    '" or 1=1 --',
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "javascript:alert(1)",
    "{{7*7}}${7*7}",
    "../../etc/passwd",
    "a\u0000b",
    "\u0000",
    "\ud800",
    "x\udfffy",
    "\u202eevil\u202c",
    "مرحبا بالعالم",
    "e\u0301\u0301\u0301\u0301",
    "Z\u0351\u0337\u0327a\u0336lgo",
    "👩‍👩‍👧‍👦🎉🏳️‍🌈",
    "\ufeff\u200b\u200d",
    "\r\n\t",
    " ",
    "null",
    "undefined",
    "[object Object]",
    "%00%",
    "a".repeat(100 * 1024),
    "ä".repeat(60 * 1024),
  ),
  fc.constantFrom(...NUMBERS),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ maxLength: 300 }),
);

/** Numbers as typed into quantity and price fields, hostile ones included. */
export const hostileNumber: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NUMBERS),
  fc.double().map(String),
  fc.integer().map(String),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
);

export const NONEXISTENT_UUID = "deadbeef-dead-4bad-8bad-deadbeefdead";

/** Ids: nonexistent uuids, non-uuids, injections (other users' ids come from the test). */
export function hostileId(extra: string[] = []): fc.Arbitrary<string> {
  return fc.oneof(
    fc.uuid(),
    fc.constantFrom(
      NONEXISTENT_UUID,
      "00000000-0000-0000-0000-000000000000",
      "not-a-uuid",
      "1",
      "-1",
      "' or 1=1 --",
      "",
      ...(extra.length ? extra : ["x"]),
    ),
    hostileString,
  );
}

/**
 * One field's value: valid, hostile, left out, duplicated (a valid and a hostile one), or huge.
 * `valid` is what the real form would send.
 */
export function fieldValue(valid: string, hostile: fc.Arbitrary<string> = hostileString): fc.Arbitrary<FieldValue> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(valid) },
    { weight: 5, arbitrary: hostile },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: hostile.map((h) => [valid, h]) },
  );
}

/** A body built from a form's fields: each field valid or hostile, plus unknown extra fields. */
export function formFields(
  valid: Record<string, string>,
  overrides: Record<string, fc.Arbitrary<string>> = {},
): fc.Arbitrary<Fields> {
  const entries = Object.entries(valid).map(([name, value]) => [name, fieldValue(value, overrides[name])] as const);
  return fc
    .tuple(
      fc.record(Object.fromEntries(entries) as Record<string, fc.Arbitrary<FieldValue>>),
      fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), hostileString, { maxKeys: 2 }),
    )
    .map(([known, extra]) => ({ ...extra, ...known }));
}

export type Encoding = "urlencoded" | "multipart" | "json" | "garbage" | "text" | "none";

export interface EncodedBody {
  body: string | Uint8Array;
  contentType?: string;
  encoding: Encoding;
}

/** How a body goes out: mostly like a browser form, sometimes in a wrong or broken encoding. */
export const encodingArb: fc.Arbitrary<Encoding> = fc.oneof(
  { weight: 12, arbitrary: fc.constant<Encoding>("urlencoded") },
  { weight: 2, arbitrary: fc.constant<Encoding>("multipart") },
  { weight: 1, arbitrary: fc.constantFrom<Encoding>("json", "garbage", "text", "none") },
);

export function encode(
  fields: Fields,
  encoding: Encoding,
  garbage: Uint8Array = new Uint8Array([0xff, 0xfe, 0, 1, 0x80]),
): EncodedBody {
  switch (encoding) {
    case "urlencoded":
      return { body: urlencoded(fields), contentType: "application/x-www-form-urlencoded", encoding };
    case "multipart":
      return { ...multipart(fields), encoding };
    case "json":
      return { body: JSON.stringify(fields), contentType: "application/json", encoding };
    case "text":
      return { body: urlencoded(fields), contentType: "text/plain;charset=UTF-8", encoding };
    case "none":
      return { body: urlencoded(fields), contentType: "", encoding };
    case "garbage":
      return { body: garbage, contentType: "multipart/form-data; boundary=nope", encoding };
  }
}
