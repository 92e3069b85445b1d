import { describe, expect, it } from "vitest";
import { parseEnv, parseEuroAmount } from "~/server/platform/env.server";

describe("environment contract", () => {
  it("has working defaults for development", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: "./.data", RATE_LIMIT_MULTIPLIER: 1, authProvider: "local" });
    expect(env.sessionSecrets).toHaveLength(1);
  });

  it("refuses to start in production without a real SESSION_SECRET", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET must be set/);
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: "short" })).toThrow(/at least 32/);
    const env = parseEnv({ NODE_ENV: "production", SESSION_SECRET: `${"a".repeat(32)}, ${"b".repeat(40)}` });
    expect(env.sessionSecrets).toEqual(["a".repeat(32), "b".repeat(40)]);
  });

  it("reads the payment deadlines (7 and 14 days by default); the cancellation must come after the reminder", () => {
    expect(parseEnv({})).toMatchObject({ PAYMENT_REMINDER_DAYS: 7, PAYMENT_CANCEL_DAYS: 14 });
    expect(parseEnv({ PAYMENT_REMINDER_DAYS: "3", PAYMENT_CANCEL_DAYS: "10" })).toMatchObject({
      PAYMENT_REMINDER_DAYS: 3,
      PAYMENT_CANCEL_DAYS: 10,
    });
    expect(() => parseEnv({ PAYMENT_REMINDER_DAYS: "14", PAYMENT_CANCEL_DAYS: "14" })).toThrow(
      /PAYMENT_CANCEL_DAYS: must be later than PAYMENT_REMINDER_DAYS/,
    );
    expect(() => parseEnv({ PAYMENT_REMINDER_DAYS: "0" })).toThrow(/PAYMENT_REMINDER_DAYS/);
  });

  it("reads PORT and RATE_LIMIT_MULTIPLIER as numbers and rejects nonsense", () => {
    expect(parseEnv({ PORT: "8080", RATE_LIMIT_MULTIPLIER: "50" })).toMatchObject({
      PORT: 8080,
      RATE_LIMIT_MULTIPLIER: 50,
    });
    expect(() => parseEnv({ PORT: "abc" })).toThrow(/PORT/);
    expect(() => parseEnv({ RATE_LIMIT_MULTIPLIER: "-1" })).toThrow(/RATE_LIMIT_MULTIPLIER/);
  });

  it("reads SHIPPING_FEE in German or English notation, 0 (free shipping) when unset", () => {
    expect(parseEnv({}).shippingFee).toBe(0);
    expect(parseEnv({ SHIPPING_FEE: "" }).shippingFee).toBe(0);
    expect(parseEnv({ SHIPPING_FEE: "4,90" }).shippingFee).toBe(4.9);
    expect(parseEnv({ SHIPPING_FEE: "4.90" }).shippingFee).toBe(4.9);
    expect(parseEnv({ SHIPPING_FEE: " 5 " }).shippingFee).toBe(5);
    expect(parseEuroAmount("0,05")).toBe(0.05);
    expect(parseEuroAmount("12,3")).toBe(12.3);
    expect(parseEuroAmount("999,99")).toBe(999.99);
    for (const bad of ["-1", "4,905", "1.000,00", "4 €", "abc", "1000"]) {
      expect(() => parseEnv({ SHIPPING_FEE: bad }), bad).toThrow(/SHIPPING_FEE/);
    }
  });

  it("switches to Supabase auth only when URL and anon key are both set", () => {
    expect(parseEnv({ SUPABASE_URL: "https://x.supabase.co" }).authProvider).toBe("local");
    expect(parseEnv({ SUPABASE_URL: "https://x.supabase.co", SUPABASE_ANON_KEY: "k" }).authProvider).toBe("supabase");
  });

  it("allows the end-to-end hooks in production only on a loopback host", () => {
    const secret = "s".repeat(32);
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: secret, E2E_TEST_HOOKS: "true" })).toThrow(
      /loopback/,
    );
    expect(
      parseEnv({ NODE_ENV: "production", SESSION_SECRET: secret, E2E_TEST_HOOKS: "true", HOST: "127.0.0.1" })
        .E2E_TEST_HOOKS,
    ).toBe("true");
  });

  it("stops at start on an IBAN whose mod-97 check fails, in German and English", () => {
    expect(() => parseEnv({ BANK_IBAN: "DE88370400440532013000" })).toThrow(
      /BANK_IBAN ist keine gültige IBAN.*BANK_IBAN is not a valid IBAN/,
    );
    expect(() => parseEnv({ BANK_BIC: "NOPE" })).toThrow(/BANK_BIC/);
    expect(() => parseEnv({ VAT_MODE: "none" })).toThrow(/VAT_MODE/);
    const env = parseEnv({
      BANK_IBAN: "DE02 1203 0000 0000 2020 51",
      BANK_BIC: "BYLADEM1001",
      VAT_MODE: "small-business",
    });
    expect(env).toMatchObject({ BANK_IBAN: "DE02 1203 0000 0000 2020 51", VAT_MODE: "small-business" });
  });
});
