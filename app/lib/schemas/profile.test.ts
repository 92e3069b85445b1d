import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { checkoutSchema } from "~/lib/schemas/checkout";
import { isGermany, profileSchema } from "~/lib/schemas/profile";

/** Field errors of a submission (undefined on success). */
function errorsOf(submission: { status?: string }) {
  return (submission as unknown as { error?: Record<string, string[] | null> }).error ?? undefined;
}

function parse(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [k, v] of Object.entries(fields)) formData.set(k, v);
  return parseWithZod(formData, { schema: profileSchema });
}

describe("profileSchema", () => {
  it("accepts an empty profile (a new profile has empty names)", () => {
    expect(parse({}).status).toBe("success");
  });

  it("requires five digits for a German postcode only", () => {
    expect(errorsOf(parse({ zipcode: "123", country: "Deutschland" }))?.zipcode).toEqual([
      "Eine deutsche Postleitzahl hat fünf Ziffern.",
    ]);
    expect(parse({ zipcode: "10969", country: "germany" }).status).toBe("success");
    expect(parse({ zipcode: "1010", country: "Österreich" }).status).toBe("success");
    expect(parse({ zipcode: "SW1A 1AA", country: "United Kingdom" }).status).toBe("success");
    expect(errorsOf(parse({ zipcode: "<b>", country: "Frankreich" }))?.zipcode).toEqual([
      "Bitte gib eine gültige Postleitzahl ein.",
    ]);
  });

  it("checks phone characters, area codes, salutations and lengths in German", () => {
    const result = parse({
      phone: "abc",
      mobile: "0171 2345678",
      areacode: "49a",
      salutation: "Dr.",
      street: "x".repeat(201),
    });
    expect(errorsOf(result)).toMatchObject({
      phone: ["Bitte gib eine gültige Telefonnummer ein (Ziffern, +, /, -)."],
      areacode: ["Bitte gib eine gültige Vorwahl ein, z. B. +49."],
      salutation: ["Bitte wähle eine Anrede aus der Liste."],
      street: ["Bitte höchstens 200 Zeichen eingeben."],
    });
    expect(errorsOf(result)?.mobile).toBeUndefined();
  });

  it("keeps names with accents, hyphens and apostrophes, refuses digits and markup", () => {
    expect(parse({ firstName: "Anne-Sophie", lastName: "O'Brien Müller" }).status).toBe("success");
    expect(errorsOf(parse({ firstName: "R2D2" }))?.firstName).toBeDefined();
    expect(errorsOf(parse({ lastName: "<script>" }))?.lastName).toBeDefined();
  });

  it("recognises Germany", () => {
    expect(["Deutschland", " DE ", "Germany"].every(isGermany)).toBe(true);
    expect(isGermany("Dänemark")).toBe(false);
  });
});

describe("the German postcode rule comes in the first round", () => {
  it("is reported together with other field errors (profile and checkout)", () => {
    const profile = errorsOf(parse({ zipcode: "123", country: "Deutschland", phone: "abc" }));
    expect(profile?.zipcode).toEqual(["Eine deutsche Postleitzahl hat fünf Ziffern."]);
    expect(profile?.phone).toBeTruthy();

    const formData = new FormData();
    for (const [k, v] of Object.entries({ zipcode: "123", country: "Deutschland", street: "Weg 1", city: "Berlin" })) {
      formData.set(k, v);
    }
    const checkout = errorsOf(parseWithZod(formData, { schema: checkoutSchema }));
    expect(checkout?.firstName).toBeTruthy();
    expect(checkout?.email).toBeTruthy();
    expect(checkout?.zipcode).toEqual(["Eine deutsche Postleitzahl hat fünf Ziffern."]);
  });
});
