import { signInViaHook } from "../../../scripts/lib/app-server.mjs";
import { ShopClient } from "./shop-client";

export interface Confirmation {
  orderId: string;
  customer: ShopClient;
}

export interface LoadFailure {
  /** performance.now() when the failed request was sent. */
  sentAt: number;
  message: string;
}

/** Signed-in customers (accounts made through the test hook), each with its own cookies. */
export async function signedInCustomers(base: string, count: number, label: string) {
  const customers: ShopClient[] = [];
  for (let n = 0; n < count; n++) {
    const customer = new ShopClient(base);
    customer.jar.setHeader(await signInViaHook(base, `${label}-${n}-${Date.now()}@example.com`));
    customers.push(customer);
  }
  return customers;
}

/**
 * Customers checking out in a loop (add a product, open the checkout, place the order) until
 * `stop()`, the time bound, or their first network error (the server went away): what a shop
 * sees when it is stopped or killed in the middle of business.
 */
export function startCheckoutLoad(customers: ShopClient[], productId: string, { seconds }: { seconds: number }) {
  const confirmed: Confirmation[] = [];
  const refused: string[] = [];
  const failures: LoadFailure[] = [];
  const until = performance.now() + seconds * 1000;
  let stopped = false;
  const running = () => !stopped && performance.now() < until;

  const done = Promise.all(
    customers.map(async (customer, n) => {
      while (running()) {
        try {
          await customer.addToCart(productId, 1 + (n % 3));
          const { orderId, answer } = await customer.checkout();
          if (orderId) confirmed.push({ orderId, customer });
          else refused.push(`${answer.status} ${answer.location ?? answer.body.slice(0, 200)}`);
        } catch (error) {
          const cause = (error as { cause?: { code?: string } }).cause?.code;
          failures.push({
            sentAt: customer.lastSentAt,
            message: `${(error as Error).message}${cause ? ` (${cause})` : ""}`,
          });
          return;
        }
      }
    }),
  ).then(() => undefined);

  /** Resolves once `count` orders are confirmed; rejects after `timeoutMs`. */
  async function confirmations(count: number, timeoutMs = 90_000) {
    const deadline = performance.now() + timeoutMs;
    while (confirmed.length < count) {
      if (performance.now() > deadline)
        throw new Error(`only ${confirmed.length} of ${count} checkouts confirmed in ${timeoutMs} ms`);
      if (failures.length > 0) throw new Error(`checkout load failed: ${failures[0].message}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  return { confirmed, refused, failures, done, confirmations, stop: () => void (stopped = true) };
}
