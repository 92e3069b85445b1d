import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { registrationSchema } from "~/lib/schemas/registration";

/** Field errors of a submission (undefined on success). */
function errorsOf(submission: { status?: string }) {
  return (submission as unknown as { error?: Record<string, string[] | null> }).error ?? undefined;
}

const ITEM = "0b6a3b3e-8f1c-4c1e-9a55-3f2c4f7d1a01";

function parse(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [k, v] of Object.entries(fields)) formData.set(k, v);
  return parseWithZod(formData, { schema: registrationSchema });
}

describe("registrationSchema", () => {
  it("requires first name, last name and e-mail; phone and notes are optional", () => {
    const empty = parse({ orderItemId: ITEM });
    expect(errorsOf(empty)).toMatchObject({
      firstName: ["Bitte gib den Vornamen ein."],
      lastName: ["Bitte gib den Nachnamen ein."],
      email: ["Bitte gib die E-Mail-Adresse der teilnehmenden Person ein."],
    });
    const ok = parse({ orderItemId: ITEM, firstName: " Lea ", lastName: "Becker", email: "lea@example.com" });
    expect(ok.status).toBe("success");
    expect(ok.status === "success" && ok.value.firstName).toBe("Lea");
  });

  it("bounds notes and checks phone characters and the order line id", () => {
    const bad = parse({
      orderItemId: "x",
      firstName: "Lea",
      lastName: "B",
      email: "lea@example.com",
      phone: "call me",
      notes: "x".repeat(2001),
    });
    expect(errorsOf(bad)).toMatchObject({
      orderItemId: ["Die Bestellposition wurde nicht gefunden."],
      phone: ["Bitte gib eine gültige Telefonnummer ein (Ziffern, +, /, -)."],
      notes: ["Bitte höchstens 2000 Zeichen eingeben."],
    });
  });
});
