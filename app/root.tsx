import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  type ShouldRevalidateFunction,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
// In production the critical rules go inline and this URL (hashed, immutable) follows at the end of
// the body; in development it is the <link> in <head> (components/stylesheet.tsx).
import appStylesheet from "~/app.css?url";
import { AppFullStylesheet, AppStylesheet, usePagePlacesFullSheet } from "~/components/stylesheet";
import { useNonce } from "~/components/nonce";
import { NewsletterForm } from "~/components/newsletter/newsletter-form";
import { Footer } from "~/components/site/footer";
import { CartMirror } from "~/components/cart/cart-mirror";
import { Header } from "~/components/site/header";
import { Toaster } from "~/components/ui/toaster";
import { ScrollRestoration } from "~/components/scroll-restoration";
import { FocusAfterNavigation } from "~/components/site/focus-after-navigation";
import { NotFound } from "~/routes/not-found";
import { authMiddleware, getAuth } from "~/server/members/auth.server";
import { isAdmin, pricingFor } from "~/server/members/viewer-cache.server";
import { memberViewKey } from "~/server/members/member-view.server";
import { CACHE_POLICY } from "~/server/http/cache-policy.server";
import { formBodyMiddleware } from "~/server/http/request-body.server";
import { cartPagePart, readCartSummary } from "~/server/cart/cart-cookie.server";
import { requestMetaContext } from "~/server/http/context.server";
import { useHydrated } from "~/components/hydrated";
import { RUN_DEFERRED_MODULE } from "~/lib/deferred-module";
import { operator } from "~/server/platform/operator.server";
import { env } from "~/server/platform/env.server";
import { readTheme } from "~/server/http/theme.server";
import { publicUrl } from "~/server/http/urls.server";
import { getToast } from "~/server/http/toast.server";
import { shopYear } from "~/server/jobs/clock.server";

// A body no action can read is refused before sign-in work starts.
export const middleware: Route.MiddlewareFunction[] = [formBodyMiddleware, authMiddleware];

/**
 * Child routes see these as parentHeaders (Set-Cookie, private caching) when they set their own.
 * When the error page here answers a refusal, the refusal's own headers go along (Retry-After of
 * a 429); React Router adds its cookies by itself.
 */
export const headers: Route.HeadersFunction = ({ loaderHeaders, errorHeaders }) => {
  if (!errorHeaders) return loaderHeaders;
  const merged = new Headers(loaderHeaders);
  errorHeaders.forEach((value, name) => {
    if (name !== "set-cookie") merged.set(name, value);
  });
  return merged;
};

/**
 * Only the error page's title: a page that throws (a 404 for an unknown id, a 500) is rendered by
 * the ErrorBoundary below, and React Router then reads this route's meta, not the page's own.
 */
export const meta: Route.MetaFunction = ({ error }) => {
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [
    { title: notFound ? "Seite nicht gefunden – BeHappy" : "Fehler – BeHappy" },
    { name: "robots", content: "noindex" },
  ];
};

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, viewer } = getAuth(context);
  const [{ toast, headers }, theme, cart, pricing, admin] = await Promise.all([
    getToast(request),
    readTheme(request),
    readCartSummary(request),
    // Header (plan instead of the join link) and price lists (which price is the viewer's).
    pricingFor(viewer),
    // The user menu links to the admin area for admins.
    user ? isAdmin(user.id) : false,
  ]);
  // Only a page that came with a toast cookie deletes it (Set-Cookie); otherwise none, so anonymous
  // pages stay cacheable. A page that shows a member's e-mail never is. A cart shows only
  // as its item count, which the page cache keys by (server/page-cache.ts); it stores the page only
  // when the count it keyed by is the one rendered here.
  const responseHeaders = new Headers(headers);
  if (user) responseHeaders.set("Cache-Control", CACHE_POLICY.private);
  const { renderedKey: rendered, memberStandIn } = context.get(requestMetaContext);
  if (rendered) {
    rendered.cart = cartPagePart(cart, new URL(request.url).pathname);
    if (user) rendered.member = memberViewKey(pricing, admin);
  }
  return data(
    {
      user: user ? { email: memberStandIn ?? user.email, isAdmin: admin } : null,
      toast: toast ?? null,
      theme,
      cartCount: cart.itemCount,
      pricing,
      // Every price shows "inkl. MwSt." or the § 19 UStG note (PAngV); the mode is configuration.
      vatMode: operator().vatMode,
      // Shipped products' prices say "zzgl. … Versand" when a flat fee is configured (0: free).
      shippingFee: env().shippingFee,
      // Only what every cart of this size shares (the page is cached by it): the browser's copy
      // of the lines is kept in step by CartMirror, which asks /cart for them.
      cartCookieMissing: cart.cookieMissing,
      // Pages without a loader build their canonical link from it (app/lib/catalog/seo.ts).
      siteUrl: publicUrl("/"),
      // The footer's "© 2026": the shop's clock, like every other date (test-settable).
      year: shopYear(),
    },
    { headers: responseHeaders },
  );
}

/**
 * React Router skips revalidation after an action answered 4xx/5xx, but a refused action (a cart add
 * for more seats than are free, a full cart) flashes its German error toast through this loader: the
 * root revalidates after every action, so the toast shows with JavaScript as it does without.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus !== undefined || defaultShouldRevalidate;

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const hydrated = useHydrated();
  const root = useRouteLoaderData<typeof loader>("root");
  const theme = root?.theme ?? "system";
  const pagePlacesSheet = usePagePlacesFullSheet();
  return (
    <html
      lang="de"
      className={theme === "system" ? "theme-system" : theme}
      // Set once React has taken over (the scripts start once the page is shown): the end-to-end
      // suite waits for it before it tests what only JavaScript does.
      data-hydrated={hydrated ? "true" : undefined}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={theme === "system" ? "light dark" : theme} />
        <AppStylesheet href={appStylesheet} nonce={nonce} />
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#main" className="skip-link">
          Zum Inhalt springen
        </a>
        {children}
        {/*
          Here, not in Shell, so that neither remounts when a page turns into the error page. Before
          the footer: the page paints from the inline rules, the footer waits for the full sheet.
          A page may place it earlier, after its first screen (the start page).
        */}
        {pagePlacesSheet ? null : <AppFullStylesheet href={appStylesheet} />}
        <Footer newsletter={<NewsletterForm />} year={root?.year} />
        <ScrollRestoration />
        <Scripts nonce={nonce} />
        {/* Hydration starts once the page is shown (app/server/http/deferred-scripts.server.ts). */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: RUN_DEFERRED_MODULE }} />
      </body>
    </html>
  );
}

function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div
      role="progressbar"
      aria-label="Seite wird geladen"
      aria-hidden={!busy}
      className={`navigation-progress ${busy ? "is-active" : ""}`}
    />
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  return (
    <>
      <NavigationProgress />
      <Header
        user={root?.user ?? null}
        cartCount={root?.cartCount ?? 0}
        theme={root?.theme ?? "system"}
        planName={root?.pricing.planName ?? null}
        planEnd={root?.pricing.planEnd ?? null}
      />
      {/* Before <main>: without JavaScript a toast stands in the page's flow under the header (site-shell.css). */}
      <Toaster toast={root?.toast ?? null} />
      <main id="main" tabIndex={-1} className="pt-16 focus:outline-none print:pt-0">
        {children}
      </main>
      <FocusAfterNavigation targetId="main" />
      {root ? <CartMirror cartCount={root.cartCount} cookieMissing={root.cartCookieMissing} revision={root} /> : null}
    </>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/** The error page's sentence per status; 503 is the database being unreachable (DatabaseUnavailableError). */
const ERROR_TEXT: Record<number, string> = {
  429: "Zu viele Versuche. Bitte warte einen Moment und versuche es dann erneut.",
  500: "Bitte versuche es später erneut.",
  503: "Wir haben gerade technische Schwierigkeiten. Bitte versuche es in ein paar Minuten noch einmal.",
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell>
        <NotFound />
      </Shell>
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A refused request's own sentence names the wait in minutes (enforceIpLimit).
  const refusal = isRouteErrorResponse(error) && status === 429 ? (error.data as { message?: unknown } | null) : null;
  const text = typeof refusal?.message === "string" ? refusal.message : (ERROR_TEXT[status] ?? ERROR_TEXT[500]);
  return (
    <Shell>
      <section className="mx-auto max-w-2xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">Oops! Etwas ist schiefgelaufen</h1>
        <p className="mt-4 text-muted-foreground">{text}</p>
        <a href="/" className="mt-8 inline-block underline">
          Zurück zur Startseite
        </a>
      </section>
    </Shell>
  );
}
