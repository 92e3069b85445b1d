import { describe, expect, it } from "vitest";
import { isValidIban } from "~/lib/operator";
import { parseEnv } from "~/server/platform/env.server";
import { datevSettingsFrom, operatorFrom } from "~/server/platform/operator.server";

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

  it("has DATEV settings with SKR03 defaults, SKR04 ones on request, and refuses mixed account lengths", () => {
    expect(datevSettingsFrom(parseEnv({}))).toEqual({
      consultantNumber: 1001,
      clientNumber: 1,
      fiscalYearStartMonth: 1,
      frame: "SKR03",
      accountLength: 4,
      accounts: { revenue19: "8400", revenue7: "8300", revenue0: "8195", bank: "1200", debtor: "10000" },
    });
    expect(
      datevSettingsFrom(
        parseEnv({
          DATEV_ACCOUNT_FRAME: "SKR04",
          DATEV_CONSULTANT_NUMBER: "29098",
          DATEV_CLIENT_NUMBER: "55003",
          DATEV_ACCOUNT_DEBTOR: "12000",
        }),
      ),
    ).toMatchObject({
      consultantNumber: 29098,
      clientNumber: 55003,
      frame: "SKR04",
      accounts: { revenue19: "4400", revenue7: "4300", revenue0: "4185", bank: "1800", debtor: "12000" },
    });
    expect(() => parseEnv({ DATEV_ACCOUNT_DEBTOR: "1000" })).toThrow(/debtor one digit more/);
    expect(() => parseEnv({ DATEV_ACCOUNT_REVENUE_19: "84000" })).toThrow(/same length/);
    expect(() => parseEnv({ DATEV_ACCOUNT_BANK: "12x0" })).toThrow(/DATEV_ACCOUNT_BANK/);
    expect(() => parseEnv({ DATEV_ACCOUNT_FRAME: "SKR99" })).toThrow(/DATEV_ACCOUNT_FRAME/);
    expect(() => parseEnv({ DATEV_CONSULTANT_NUMBER: "12" })).toThrow(/DATEV_CONSULTANT_NUMBER/);
  });
});
