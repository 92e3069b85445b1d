import { describe, expect, it } from "vitest";
import { isValidIban } from "~/lib/operator";
import { parseEnv } from "~/server/platform/env.server";
import { operatorFrom } from "~/server/platform/operator.server";

describe("operator data", () => {
  it("uses marked example values by default, with a valid example IBAN", () => {
    const op = operatorFrom(parseEnv({}));
    expect(op.isExample).toBe(true);
    expect(op.company).toContain("Beispieldaten");
    expect(isValidIban(op.bank.iban)).toBe(true);
    expect(op.vatMode).toBe("regular");
  });

  it("reads a real deployment's values from the environment", () => {
    const op = operatorFrom(
      parseEnv({
        OPERATOR_NAME: "Glück & Co. KG",
        OPERATOR_EMAIL: "info@glueck.example",
        BANK_IBAN: "de02 1203 0000 0000 2020 51",
        BANK_BIC: "byladem1001",
        BANK_NAME: "DKB",
        VAT_MODE: "small-business",
      }),
    );
    expect(op).toMatchObject({
      isExample: false,
      company: "Glück & Co. KG",
      email: "info@glueck.example",
      notificationEmail: "info@glueck.example",
      vatMode: "small-business",
      bank: { holder: "Glück & Co. KG", iban: "DE02120300000000202051", bic: "BYLADEM1001", name: "DKB" },
    });
  });
});
