// The people of the hostile-input proofs: member A (the attacker's own account), member B (whose
// order, booking and profile A must not touch) and an admin, all through the sign-in test hook.
import { cookiesOf, FORM_HEADERS, formBody, signInViaHook } from "../../../scripts/lib/app-server.mjs";
import { checkoutFormFields } from "../support/shop-client";
import { counters } from "./hostile-property";
import { EVENT, PRODUCT, type MemberContext } from "./hostile-actions";
import type { HostileEnv } from "./hostile-harness";

const join = (...cookies: string[]) => cookies.filter(Boolean).join("; ");

async function addToCart(base: string, session: string, itemId: string, itemType: string, quantity: number) {
  const response = await fetch(`${base}/cart`, {
    method: "POST",
    headers: { ...FORM_HEADERS, Origin: base, Cookie: session },
    body: formBody({ intent: "add", itemId, itemType, quantity: String(quantity) }),
    redirect: "manual",
  });
  const cart = response.headers.getSetCookie().find((c) => c.startsWith("cart="));
  if (!cart) throw new Error(`adding to the cart failed: ${response.status}`);
  return join(session, cart.split(";")[0]!);
}

async function checkoutForm(base: string, cookie: string) {
  const html = await (await fetch(`${base}/checkout`, { headers: { Cookie: cookie } })).text();
  const fields = checkoutFormFields(html);
  if (!fields) throw new Error("no checkout form on /checkout");
  return fields;
}

async function placeOrder(base: string, cookie: string) {
  const fields = await checkoutForm(base, cookie);
  const response = await fetch(`${base}/checkout`, {
    method: "POST",
    headers: { ...FORM_HEADERS, Origin: base, Cookie: cookie },
    body: formBody({
      ...fields,
      firstName: "Berta",
      lastName: "Beispiel",
      email: "berta@example.com",
      street: "Beispielweg 2",
      zipcode: "54321",
      city: "Köln",
      country: "Deutschland",
    }),
    redirect: "manual",
  });
  const orderId = /\/order-confirmation\/([0-9a-f-]{36})/.exec(response.headers.get("location") ?? "")?.[1];
  if (!orderId) throw new Error(`placing an order failed: ${response.status}`);
  return orderId;
}

export async function prepareMembers(env: HostileEnv): Promise<MemberContext> {
  const { base, db } = env;
  const [member, memberB, admin] = await Promise.all([
    signInViaHook(base, "proof-member-a@example.com"),
    signInViaHook(base, "proof-member-b@example.com"),
    signInViaHook(base, "proof-admin@example.com", { admin: true }),
  ]);
  const bCart = await addToCart(base, memberB, EVENT, "event", 2);
  const otherOrderId = await placeOrder(base, bCart);
  const item = await db.query<{ id: string }>("select id from public.order_items where order_id = $1 limit 1", [
    otherOrderId,
  ]);
  const user = await db.query<{ id: string }>("select id from auth.users where email = $1", [
    "proof-member-b@example.com",
  ]);
  const createProfile = await fetch(`${base}/dashboard`, {
    method: "POST",
    headers: { ...FORM_HEADERS, Origin: base, Cookie: memberB },
    body: formBody({ intent: "create-profile" }),
    redirect: "manual",
  });
  if (createProfile.status !== 302) throw new Error(`member B's profile: ${createProfile.status}`);
  const ownOrderId = await placeOrder(base, await addToCart(base, member, EVENT, "event", 1));
  const ownItem = await db.query<{ id: string }>("select id from public.order_items where order_id = $1 limit 1", [
    ownOrderId,
  ]);
  const memberWithCart = await addToCart(base, member, PRODUCT, "product", 1);
  return {
    anonymous: "",
    member,
    admin,
    memberWithCart,
    checkoutForm: await checkoutForm(base, memberWithCart),
    ownOrderItemId: ownItem.rows[0]!.id,
    otherOrderId,
    otherOrderItemId: item.rows[0]!.id,
    otherProfileId: user.rows[0]!.id,
  };
}

export function printCounters(file: string, seed: number, startedAt: number) {
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  console.log(
    `[${file}] seed ${seed}: ${counters.cases} hostile requests in ${seconds} s ` +
      `(${counters.rejected} rejected, ${counters.accepted} accepted, ${counters.snapshots} snapshot comparisons)\n` +
      Object.entries(counters.byProperty)
        .map(([name, n]) => `  ${String(n).padStart(5)}  ${name}`)
        .join("\n"),
  );
}

export { cookiesOf };
