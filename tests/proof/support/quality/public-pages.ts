// The public pages of the site, derived from the route map (app/routes.ts): every route is either
// a page a visitor can open without signing in (with a concrete URL for its parameters) or listed
// below as not public, with the reason. A new route that is neither makes the quality tests fail,
// so nobody forgets to put it under the HTML checker.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../../../app/routes";

export interface PublicPage {
  /** URL path (with a seeded id for parameters). */
  path: string;
  /** The status the page answers with (the not-found page and token pages without a token are not 200). */
  status: number;
  /** Set up a cart with one product first (cookie). */
  withCartItem?: boolean;
}

/** Seeded demo data (supabase/seed.sql). */
export const SEEDED = {
  product: "b0000000-0000-4000-8000-000000000001",
  event: "e0000000-0000-4000-8000-000000000001",
  course: "c0000000-0000-4000-8000-000000000001",
};

/** Route path → the pages to check for it. */
const PUBLIC: Record<string, PublicPage[]> = {
  "": [{ path: "/", status: 200 }],
  about: [{ path: "/about", status: 200 }],
  concept: [{ path: "/concept", status: 200 }],
  team: [{ path: "/team", status: 200 }],
  community: [{ path: "/community", status: 200 }],
  community2: [{ path: "/community2", status: 200 }],
  offers: [{ path: "/offers", status: 200 }],
  products: [{ path: "/products", status: 200 }],
  "products/:id": [{ path: `/products/${SEEDED.product}`, status: 200 }],
  events: [{ path: "/events", status: 200 }],
  "events/:id": [{ path: `/events/${SEEDED.event}`, status: 200 }],
  courses: [{ path: "/courses", status: 200 }],
  "courses/:id": [{ path: `/courses/${SEEDED.course}`, status: 200 }],
  glueckstest: [{ path: "/glueckstest", status: 200 }],
  "scanner-taucher-test": [{ path: "/scanner-taucher-test", status: 200 }],
  join: [{ path: "/join", status: 200 }],
  contact: [{ path: "/contact", status: 200 }],
  newsletter: [{ path: "/newsletter", status: 200 }],
  // Opened from a mailed link; without a token they explain that the link is incomplete.
  "newsletter/confirm": [{ path: "/newsletter/confirm", status: 400 }],
  "newsletter/unsubscribe": [{ path: "/newsletter/unsubscribe", status: 400 }],
  "newsletter/abmelden": [{ path: "/newsletter/abmelden", status: 400 }],
  warteliste: [{ path: "/warteliste", status: 400 }],
  erstattung: [{ path: "/erstattung", status: 400 }],
  cart: [
    { path: "/cart", status: 200 },
    { path: "/cart", status: 200, withCartItem: true },
  ],
  auth: [{ path: "/auth", status: 200 }],
  "auth/forgot": [{ path: "/auth/forgot", status: 200 }],
  "auth/reset": [{ path: "/auth/reset", status: 200 }],
  agb: [{ path: "/agb", status: 200 }],
  datenschutz: [{ path: "/datenschutz", status: 200 }],
  impressum: [{ path: "/impressum", status: 200 }],
  "vertrag-widerrufen": [{ path: "/vertrag-widerrufen", status: 200 }],
  "vertrag-kuendigen": [{ path: "/vertrag-kuendigen", status: 200 }],
  "*": [{ path: "/diese-seite-gibt-es-nicht", status: 404 }],
};

/** Routes that are not public HTML pages. */
const NOT_PUBLIC: Record<string, string> = {
  "sitemap.xml": "XML, not HTML",
  "robots.txt": "plain text",
  "events/:id/kalender.ics": "calendar file (tests/e2e/event-seats.spec.ts, app/server/catalog/calendar.test.ts)",
  "courses/:id/kalender.ics": "calendar file: the first session (tests/e2e/course-calendar.spec.ts)",
  checkout: "members only (redirects to /auth)",
  "order-confirmation/:orderId": "members only",
  "rechnungen/:invoiceId": "members and admins only, PDF download",
  "rechnungen/:invoiceId/xml": "members and admins only, e-invoice XML download",
  "rechnungen/:invoiceId/xrechnung": "members and admins only, XRechnung XML download",
  "auth/confirm": "opened from a mailed link with its token (tests/proof/trust.test.ts)",
  logout: "POST action",
  dashboard: "members only",
  "account/password": "members only",
  "account/email": "members only",
  "account/email/bestaetigen": "opened from a mailed link with its token (tests/proof/trust.test.ts)",
  "account/export": "members only, JSON download",
  "account/delete": "members only",
  theme: "POST action (theme cookie)",
  healthz: "operations endpoint",
  "vertrag-kuendigen/eingang/:id": "opened after filing, by its random id (tests/e2e/contract-cancellation.spec.ts)",
  "vertrag-widerrufen/eingang/:id": "opened after filing, by its random id (tests/e2e/withdrawal-admin.spec.ts)",
  "__e2e/session": "test hook",
  "__e2e/clock": "test hook",
  "__e2e/jobs": "test hook",
};

function flatten(entries: RouteConfigEntry[]): RouteConfigEntry[] {
  return entries.flatMap((entry) => [entry, ...flatten(entry.children ?? [])]);
}

/** Every public page (in route-map order); throws when a route is neither public nor excluded. */
export function publicPages(): PublicPage[] {
  const pages: PublicPage[] = [];
  const unknown: string[] = [];
  for (const entry of flatten(routes)) {
    const key = entry.index ? "" : (entry.path ?? "");
    if (entry.id?.startsWith("pending:")) continue; // answers with the not-found page, checked as "*"
    if (entry.file.startsWith("routes/admin/")) continue; // admin area: staff only
    if (!entry.index && entry.path === undefined) continue; // a layout without a URL of its own
    if (key in NOT_PUBLIC) continue;
    const found = PUBLIC[key];
    if (!found) unknown.push(`${key} (${entry.file})`);
    else pages.push(...found);
  }
  if (unknown.length) throw new Error(`routes neither public nor excluded in public-pages.ts: ${unknown.join(", ")}`);
  return pages;
}

export const pageLabel = (page: PublicPage) => `${page.path}${page.withCartItem ? " (with an item)" : ""}`;
