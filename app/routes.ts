import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/**
 * A route of the spec whose screen is not built yet: it answers with the not-found page rather
 * than a placeholder, and nothing links to it as finished.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- every spec route is built now; kept for the next one
const pending = (path: string, scope = "") => route(path, "routes/not-found.tsx", { id: `pending:${scope}${path}` });

/** The route map, one to one with the route tables of SPECIFICATION.md §2. */
export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("concept", "routes/concept.tsx"),
  route("team", "routes/team.tsx"),
  route("community", "routes/community.tsx", { id: "community" }),
  route("community2", "routes/community.tsx", { id: "community2" }),
  route("offers", "routes/offers.tsx"),
  route("products", "routes/products.tsx"),
  route("products/:id", "routes/product-detail.tsx"),
  route("events", "routes/events.tsx"),
  route("events/:id", "routes/event-detail.tsx"),
  route("courses", "routes/courses.tsx"),
  route("courses/:id", "routes/course-detail.tsx"),
  route("glueckstest", "routes/glueckstest.tsx"),
  route("scanner-taucher-test", "routes/scanner-taucher-test.tsx"),
  route("join", "routes/join.tsx"),
  route("contact", "routes/contact.tsx"),
  route("newsletter", "routes/newsletter.tsx"),
  route("newsletter/confirm", "routes/newsletter-confirm.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("cart", "routes/cart.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("order-confirmation/:orderId", "routes/order-confirmation.tsx"),
  route("auth", "routes/auth.tsx"),
  route("auth/forgot", "routes/auth.forgot.tsx"),
  route("auth/reset", "routes/auth.reset.tsx"),
  route("logout", "routes/logout.ts"),
  route("dashboard", "routes/dashboard.tsx"),
  route("account/password", "routes/account.password.tsx"),
  route("account/export", "routes/account.export.ts"),
  route("account/delete", "routes/account.delete.tsx"),
  route("agb", "routes/legal.tsx", { id: "agb" }),
  route("datenschutz", "routes/legal.tsx", { id: "datenschutz" }),
  route("impressum", "routes/legal.tsx", { id: "impressum" }),
  route("theme", "routes/theme.ts"),
  route("vertrag-widerrufen", "routes/withdrawal.tsx"),

  route("admin/newsletter.csv", "routes/admin/newsletter-csv.ts"),
  layout("routes/admin/layout.tsx", [
    ...prefix("admin", [
      index("routes/admin/index.tsx"),
      route("newsletter", "routes/admin/newsletter.tsx"),
      route("contacts", "routes/admin/contacts.tsx"),
      route("orders", "routes/admin/orders.tsx"),
      route("profiles", "routes/admin/profiles.tsx"),
      route("mails", "routes/admin/mails.tsx"),
      ...(["events", "courses", "products"] as const).flatMap((kind) => [
        route(kind, "routes/admin/catalog-list.tsx", { id: `admin/${kind}` }),
        route(`${kind}/new`, "routes/admin/catalog-form.tsx", { id: `admin/${kind}/new` }),
        route(`${kind}/new/:id`, "routes/admin/catalog-form.tsx", { id: `admin/${kind}/edit` }),
      ]),
    ]),
  ]),

  route("healthz", "routes/healthz.ts"),
  route("__e2e/session", "routes/e2e-session.ts"),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
