import { FORM_HEADERS, formBody } from "../../../scripts/lib/app-server.mjs";
import { CookieJar } from "./cookie-jar";
import type { RequestStats } from "./request-stats";

/** Fails a request loudly instead of letting a stuck server hang the test. */
export const REQUEST_TIMEOUT_MS = 30_000;

export interface Answer {
  status: number;
  location: string | null;
  body: string;
  headers: Headers;
}

/** The address fields of the checkout form (see app/lib/schemas/checkout.ts). */
export const CHECKOUT_ADDRESS = {
  firstName: "Lara",
  lastName: "Lasttest",
  email: "lara.lasttest@example.com",
  street: "Glücksweg 1",
  zipcode: "10115",
  city: "Berlin",
  country: "Deutschland",
};

const ORDER_ID = /\/order-confirmation\/([0-9a-f-]{36})/;

/** The checkout form's hidden fields: its one-time token and the fingerprint of the summary it shows. */
export function checkoutFormFields(html: string): { checkoutToken: string; summary: string } | null {
  const checkoutToken = /name="checkoutToken" value="([0-9a-f-]{36})"/.exec(html)?.[1];
  const summary = /name="summary" value="([^"]+)"/.exec(html)?.[1];
  return checkoutToken && summary ? { checkoutToken, summary } : null;
}

/**
 * One simulated customer without JavaScript: plain GETs and form POSTs, its own cookies, no
 * automatic redirects (a redirect's target is what the tests check). Every request is recorded
 * in `stats` under a kind, network errors included, and then rethrown.
 */
export class ShopClient {
  readonly jar = new CookieJar();
  /** When the latest request was sent (performance.now()), to tell what was in flight when. */
  lastSentAt = 0;

  /** `base` may change: after a restart on another port the customer keeps its cookies. */
  constructor(
    public base: string,
    private readonly stats?: RequestStats,
  ) {}

  async send(
    kind: string,
    path: string,
    init: { method?: string; form?: Record<string, string> } = {},
  ): Promise<Answer> {
    const started = performance.now();
    this.lastSentAt = started;
    try {
      const response = await fetch(this.base + path, {
        method: init.method ?? (init.form ? "POST" : "GET"),
        headers: { Cookie: this.jar.header(), ...(init.form ? FORM_HEADERS : {}) },
        body: init.form ? formBody(init.form) : undefined,
        redirect: "manual",
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const body = await response.text();
      this.jar.update(response);
      this.stats?.record(kind, response.status, performance.now() - started);
      return { status: response.status, location: response.headers.get("location"), body, headers: response.headers };
    } catch (error) {
      this.stats?.fail(kind, error, performance.now() - started);
      throw error;
    }
  }

  addToCart(itemId: string, quantity = 1, itemType = "product") {
    return this.send("cart-add", "/cart", { form: { intent: "add", itemId, itemType, quantity: String(quantity) } });
  }

  /** Signs in through the real /auth form; true when it answered with the redirect to /dashboard. */
  async signInWithForm(email: string, password: string) {
    const answer = await this.send("sign-in", "/auth", { form: { intent: "signin", email, password } });
    return answer.status === 302 && answer.location === "/dashboard";
  }

  /**
   * The checkout of the current cart: the form (for its one-time token), then the POST with the
   * address. Returns the order id from the confirmation redirect, or null (with the answer).
   */
  async checkout(): Promise<{ orderId: string | null; answer: Answer }> {
    const form = await this.send("checkout-form", "/checkout");
    const fields = checkoutFormFields(form.body);
    if (!fields) return { orderId: null, answer: form };
    const answer = await this.send("checkout-submit", "/checkout", {
      form: { ...fields, ...CHECKOUT_ADDRESS },
    });
    return { orderId: answer.location?.match(ORDER_ID)?.[1] ?? null, answer };
  }
}

/** The ids a catalogue list page links to, e.g. catalogueIds(html, "products"). */
export function catalogueIds(html: string, kind: "products" | "events" | "courses") {
  return [...new Set([...html.matchAll(new RegExp(`href="/${kind}/([0-9a-f-]{36})"`, "g"))].map((m) => m[1]))];
}
