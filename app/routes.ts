import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/** One module serving several paths; the route id (= the path) tells it which page it is. */
function sharedModule(file: string, paths: string[]) {
  return paths.map((path) => route(path, file, { id: path }));
}

/** The route map, one to one with the route tables of docs/specification.md §2. */
export default [
  index("routes/home.tsx"),
  ...sharedModule("routes/content-page.tsx", ["about", "concept", "team", "community", "community2"]),
  route("offers", "routes/offers.tsx"),
  ...(["products", "events", "courses"] as const).map((kind) => route(kind, "routes/catalog-list.tsx", { id: kind })),
  route("products/:id", "routes/product-detail.tsx", { id: "products-detail" }),
  ...(["events", "courses"] as const).map((kind) =>
    route(`${kind}/:id`, "routes/catalog-detail.tsx", { id: `${kind}-detail` }),
  ),
  ...(["events", "courses"] as const).map((kind) =>
    route(`${kind}/:id/kalender.ics`, "routes/calendar-file.ts", { id: `${kind}-calendar` }),
  ),
  ...sharedModule("routes/self-test.tsx", ["glueckstest", "scanner-taucher-test"]),
  route("join", "routes/join.tsx"),
  route("contact", "routes/contact.tsx"),
  route("newsletter", "routes/newsletter.tsx"),
  route("newsletter/confirm", "routes/newsletter-token.tsx", { id: "newsletter-confirm" }),
  route("newsletter/unsubscribe", "routes/newsletter-token.tsx", { id: "newsletter-unsubscribe" }),
  route("newsletter/abmelden", "routes/newsletter-token.tsx", { id: "newsletter-one-click" }),
  route("warteliste", "routes/waitlist-offer.tsx"),
  route("erstattung", "routes/refund-account.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("cart", "routes/cart.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("order-confirmation/:orderId", "routes/order-confirmation.tsx"),
  route("rechnungen/:invoiceId", "routes/invoice-pdf.ts"),
  route("rechnungen/:invoiceId/xml", "routes/invoice-xml.ts", { id: "invoice-xml" }),
  route("rechnungen/:invoiceId/xrechnung", "routes/invoice-xml.ts", { id: "invoice-xrechnung" }),
  ...prefix("auth", [
    // A path route, not an index: its forms post to /auth, not /auth?index (which then shows in the address bar).
    route("", "routes/auth.tsx"),
    route("forgot", "routes/auth.forgot.tsx"),
    route("reset", "routes/auth.reset.tsx"),
    route("confirm", "routes/auth.confirm.tsx"),
  ]),
  route("logout", "routes/logout.ts"),
  route("dashboard", "routes/dashboard.tsx"),
  route("account/password", "routes/account.password.tsx"),
  route("account/email", "routes/account.email.tsx"),
  route("account/email/bestaetigen", "routes/account.email-confirm.tsx"),
  route("account/export", "routes/account.export.ts"),
  route("account/delete", "routes/account.delete.tsx"),
  ...sharedModule("routes/legal.tsx", ["agb", "datenschutz", "impressum"]),
  route("theme", "routes/theme.ts"),
  route("vertrag-widerrufen", "routes/withdrawal.tsx"),
  route("vertrag-widerrufen/eingang/:id", "routes/withdrawal-receipt.tsx"),
  route("vertrag-kuendigen", "routes/cancellation.tsx"),
  route("vertrag-kuendigen/eingang/:id", "routes/cancellation-receipt.tsx"),

  route("admin/newsletter.csv", "routes/admin/newsletter-csv.ts"),
  route("admin/export/buchungsstapel.csv", "routes/admin/export-csv.ts"),
  route("admin/export/rechnungen.zip", "routes/admin/export-zip.ts"),
  ...(["events", "courses"] as const).map((kind) =>
    route(`admin/${kind}/:id/teilnehmer.csv`, "routes/admin/attendees-csv.ts", { id: `admin/${kind}/attendees-csv` }),
  ),
  layout("routes/admin/layout.tsx", [
    ...prefix("admin", [
      index("routes/admin/index.tsx"),
      route("newsletter", "routes/admin/newsletter.tsx"),
      route("newsletter/aussendungen", "routes/admin/newsletter-issues.tsx"),
      route("newsletter/aussendungen/neu", "routes/admin/newsletter-issue.tsx", { id: "admin/newsletter-issue-new" }),
      route("newsletter/aussendungen/:id", "routes/admin/newsletter-issue.tsx", { id: "admin/newsletter-issue" }),
      route("contacts", "routes/admin/contacts.tsx"),
      route("orders", "routes/admin/orders.tsx"),
      route("withdrawals", "routes/admin/withdrawals.tsx"),
      route("kuendigungen", "routes/admin/cancellations.tsx"),
      route("erstattungen", "routes/admin/refunds.tsx"),
      route("gutscheine", "routes/admin/vouchers.tsx"),
      route("profiles", "routes/admin/profiles.tsx"),
      route("mails", "routes/admin/mails.tsx"),
      route("jobs", "routes/admin/jobs.tsx"),
      route("export", "routes/admin/export.tsx"),
      ...(["events", "courses", "products"] as const).flatMap((kind) => [
        route(kind, "routes/admin/catalog-list.tsx", { id: `admin/${kind}` }),
        route(`${kind}/new`, "routes/admin/catalog-form.tsx", { id: `admin/${kind}/new` }),
        route(`${kind}/new/:id`, "routes/admin/catalog-form.tsx", { id: `admin/${kind}/edit` }),
      ]),
      ...(["events", "courses"] as const).map((kind) =>
        route(`${kind}/:id/teilnehmer`, "routes/admin/attendees.tsx", { id: `admin/${kind}/attendees` }),
      ),
    ]),
  ]),

  route("healthz", "routes/healthz.ts"),
  route("__e2e/session", "routes/e2e-session.ts"),
  route("__e2e/clock", "routes/e2e-clock.ts"),
  route("__e2e/jobs", "routes/e2e-jobs.ts"),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
