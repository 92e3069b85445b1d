import { z } from "zod";
import { isValidBic, isValidIban } from "~/lib/operator";

/**
 * The operating contract, validated once at start. A wrong value stops the server with a
 * readable message instead of failing on the first request that needs it.
 */
// Environment values are strings; forms never use this helper (conform converts those).
const numberFromEnv = (fallback: number) =>
  z
    .string()
    .optional()
    .transform((value) => (value === undefined || value === "" ? fallback : Number(value)));

/**
 * A euro amount as operators write it: "4,90", "4.90", "5" or empty (0). At most 999,99 €, at most
 * two decimals; anything else stops the start with a readable message.
 */
export function parseEuroAmount(value: string | undefined): number | null {
  const text = (value ?? "").trim();
  if (text === "") return 0;
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Math.round(Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"))) / 100;
}

/** Account frames DATEV knows and their default accounts (the operator's accountant may choose others). */
export const DATEV_FRAME_DEFAULTS = {
  SKR03: { revenue19: "8400", revenue7: "8300", revenue0: "8195", bank: "1200", debtor: "10000" },
  SKR04: { revenue19: "4400", revenue7: "4300", revenue0: "4185", bank: "1800", debtor: "10000" },
} as const;

const accountFromEnv = (name: string) =>
  z
    .string()
    .optional()
    .refine((value) => !value || /^\d{4,9}$/.test(value), {
      message: `${name} ist keine Kontonummer (4 bis 9 Ziffern) / ${name} is not an account number (4 to 9 digits)`,
    });

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: numberFromEnv(3000).pipe(z.number().int().min(1).max(65535)),
    HOST: z.string().default("0.0.0.0"),
    // Express "trust proxy": which proxies may set the client IP (X-Forwarded-For).
    TRUST_PROXY: z.string().default("loopback"),
    DATA_DIR: z.string().default("./.data"),
    DATABASE_URL: z.string().url().optional(),
    SESSION_SECRET: z.string().optional(),
    SMTP_URL: z.string().url().optional(),
    MAIL_FROM: z.string().default("BeHappy <hallo@behappy.example>"),
    // Outbox retries: first pause, longest pause, and how often each instance looks for due mails.
    MAIL_RETRY_BASE_MS: numberFromEnv(30_000).pipe(z.number().int().min(10)),
    MAIL_RETRY_MAX_MS: numberFromEnv(3_600_000).pipe(z.number().int().min(10)),
    MAIL_POLL_MS: numberFromEnv(5_000).pipe(z.number().int().min(50)),
    // How long a claimed mail stays with the instance that claimed it (a crashed one's claim runs out).
    MAIL_LEASE_MS: numberFromEnv(120_000).pipe(z.number().int().min(1_000)),
    // Newsletter mails sent per minute across all instances (transactional mails are not counted).
    NEWSLETTER_RATE_PER_MINUTE: numberFromEnv(60).pipe(z.number().int().min(1).max(100_000)),
    // How often each instance looks for due scheduled jobs (reminders, expiry, automatic cancellation).
    JOBS_POLL_MS: numberFromEnv(30_000).pipe(z.number().int().min(50)),
    // First pause before a failed job is tried again (doubling after each failure, at most a day).
    JOBS_RETRY_BASE_MS: numberFromEnv(60_000).pipe(z.number().int().min(10)),
    // Unpaid bank transfers: one reminder after this many days, cancellation by the shop after that many.
    PAYMENT_REMINDER_DAYS: numberFromEnv(7).pipe(z.number().int().min(1).max(90)),
    PAYMENT_CANCEL_DAYS: numberFromEnv(14).pipe(z.number().int().min(2).max(180)),
    PUBLIC_URL: z.string().url().default("http://localhost:3000"),
    SUPABASE_URL: z.string().url().optional(),
    SUPABASE_ANON_KEY: z.string().optional(),
    RATE_LIMIT_MULTIPLIER: numberFromEnv(1).pipe(z.number().positive()),
    SEED_DEMO_DATA: z.enum(["true", "false"]).default("true"),
    ARGON2_FAST: z.enum(["true", "false"]).default("false"),
    E2E_TEST_HOOKS: z.enum(["true", "false"]).default("false"),
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
    // Operator and bank; unset values fall back to the marked example data.
    OPERATOR_NAME: z.string().optional(),
    OPERATOR_STREET: z.string().optional(),
    OPERATOR_POSTAL_CODE: z.string().optional(),
    OPERATOR_CITY: z.string().optional(),
    OPERATOR_COUNTRY: z.string().optional(),
    OPERATOR_MANAGING_DIRECTOR: z.string().optional(),
    OPERATOR_REGISTER_COURT: z.string().optional(),
    OPERATOR_REGISTER_NUMBER: z.string().optional(),
    OPERATOR_VAT_ID: z.string().optional(),
    OPERATOR_TAX_NUMBER: z.string().optional(),
    OPERATOR_EMAIL: z.string().email().optional(),
    OPERATOR_PRIVACY_EMAIL: z.string().email().optional(),
    OPERATOR_PHONE: z.string().optional(),
    OPERATOR_PHONE_DISPLAY: z.string().optional(),
    OPERATOR_CONTENT_RESPONSIBLE: z.string().optional(),
    OPERATOR_SUPERVISORY_AUTHORITY: z.string().optional(),
    OPERATOR_NOTIFICATION_EMAIL: z.string().email().optional(),
    BANK_ACCOUNT_HOLDER: z.string().max(70).optional(),
    BANK_IBAN: z
      .string()
      .optional()
      .refine((value) => value === undefined || isValidIban(value), {
        message:
          "BANK_IBAN ist keine gültige IBAN (Prüfsumme mod 97 falsch) / BANK_IBAN is not a valid IBAN (mod-97 check failed)",
      }),
    BANK_BIC: z
      .string()
      .optional()
      .refine((value) => value === undefined || isValidBic(value), {
        message: "BANK_BIC ist keine gültige BIC / BANK_BIC is not a valid BIC (8 or 11 characters)",
      }),
    BANK_NAME: z.string().optional(),
    VAT_MODE: z.enum(["regular", "small-business"]).default("regular"),
    // Flat shipping fee per order with a shipped product, in euros; 0 (default) = free shipping.
    SHIPPING_FEE: z
      .string()
      .optional()
      .refine((value) => parseEuroAmount(value) !== null, {
        message:
          'SHIPPING_FEE ist kein Eurobetrag wie "4,90" (0 bis 999,99) / SHIPPING_FEE is not a euro amount like "4.90" (0 to 999.99)',
      }),
    // The accountant's export (DATEV Buchungsstapel, /admin/export): frame, numbers and accounts.
    DATEV_ACCOUNT_FRAME: z.enum(["SKR03", "SKR04"]).default("SKR03"),
    DATEV_CONSULTANT_NUMBER: numberFromEnv(1001).pipe(z.number().int().min(1001).max(9_999_999)),
    DATEV_CLIENT_NUMBER: numberFromEnv(1).pipe(z.number().int().min(1).max(99_999)),
    DATEV_FISCAL_YEAR_START_MONTH: numberFromEnv(1).pipe(z.number().int().min(1).max(12)),
    DATEV_ACCOUNT_REVENUE_19: accountFromEnv("DATEV_ACCOUNT_REVENUE_19"),
    DATEV_ACCOUNT_REVENUE_7: accountFromEnv("DATEV_ACCOUNT_REVENUE_7"),
    DATEV_ACCOUNT_REVENUE_0: accountFromEnv("DATEV_ACCOUNT_REVENUE_0"),
    DATEV_ACCOUNT_BANK: accountFromEnv("DATEV_ACCOUNT_BANK"),
    DATEV_ACCOUNT_DEBTOR: accountFromEnv("DATEV_ACCOUNT_DEBTOR"),
  })
  .refine((env) => env.PAYMENT_CANCEL_DAYS > env.PAYMENT_REMINDER_DAYS, {
    path: ["PAYMENT_CANCEL_DAYS"],
    message: "must be later than PAYMENT_REMINDER_DAYS (the reminder comes before the cancellation)",
  })
  .transform((env) => ({
    ...env,
    isProduction: env.NODE_ENV === "production",
    shippingFee: parseEuroAmount(env.SHIPPING_FEE) ?? 0,
    // Unset accounts take the frame's defaults (SKR03: 8400/8300/8195/1200/10000).
    datevAccounts: {
      revenue19: env.DATEV_ACCOUNT_REVENUE_19 || DATEV_FRAME_DEFAULTS[env.DATEV_ACCOUNT_FRAME].revenue19,
      revenue7: env.DATEV_ACCOUNT_REVENUE_7 || DATEV_FRAME_DEFAULTS[env.DATEV_ACCOUNT_FRAME].revenue7,
      revenue0: env.DATEV_ACCOUNT_REVENUE_0 || DATEV_FRAME_DEFAULTS[env.DATEV_ACCOUNT_FRAME].revenue0,
      bank: env.DATEV_ACCOUNT_BANK || DATEV_FRAME_DEFAULTS[env.DATEV_ACCOUNT_FRAME].bank,
      debtor: env.DATEV_ACCOUNT_DEBTOR || DATEV_FRAME_DEFAULTS[env.DATEV_ACCOUNT_FRAME].debtor,
    },
    sessionSecrets: (env.SESSION_SECRET ?? "")
      .split(",")
      .map((secret) => secret.trim())
      .filter(Boolean),
    authProvider: env.SUPABASE_URL && env.SUPABASE_ANON_KEY ? ("supabase" as const) : ("local" as const),
  }));

export type Env = z.infer<typeof EnvSchema>;

const DEV_SECRET = "dev-only-secret-not-for-production";

export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  const env = parsed.data;
  if (env.sessionSecrets.length === 0) {
    if (env.isProduction) {
      throw new Error(
        "SESSION_SECRET must be set in production (comma-separated list, newest first); only the embedded database generates one and keeps it in DATA_DIR.",
      );
    }
    env.sessionSecrets = [DEV_SECRET];
  }
  if (env.isProduction && env.sessionSecrets.some((s) => s.length < 32 || s === DEV_SECRET)) {
    throw new Error("SESSION_SECRET must be at least 32 characters long in production.");
  }
  // DATEV tells a ledger account from a debtor by its length: debtors have one digit more.
  const { debtor, ...ledger } = env.datevAccounts;
  const length = ledger.revenue19.length;
  if (Object.values(ledger).some((account) => account.length !== length) || debtor.length !== length + 1) {
    throw new Error(
      `DATEV accounts: revenue and bank accounts need the same length (${length} digits) and the debtor one digit more (${length + 1}); got ${JSON.stringify(env.datevAccounts)}.`,
    );
  }
  if (env.isProduction && env.E2E_TEST_HOOKS === "true" && !["127.0.0.1", "localhost", "::1"].includes(env.HOST)) {
    throw new Error("E2E_TEST_HOOKS may only be enabled on a loopback HOST.");
  }
  return env;
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
