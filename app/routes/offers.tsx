import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/offers";
import { CatalogSection, WideSection } from "~/components/catalog/catalog-section";
import { offersPage, offersSections } from "~/content/offers";
import { JOIN_CTA_READY, JoinCta } from "~/components/site/join-cta";
import { MemberPriceHint } from "~/components/catalog/price";
import { loaderCanonicalMetaExport } from "~/lib/catalog/seo";
import { ArrowRightIcon, BookIcon, CalendarIcon, GiftIcon, UsersIcon } from "~/components/ui/icons";
import { pageHeaders } from "~/server/http/cache-policy.server";
import { loadCatalogSections } from "~/server/catalog/catalog-pages.server";

export const meta: Route.MetaFunction = loaderCanonicalMetaExport(offersPage);

export const headers: Route.HeadersFunction = (args) => pageHeaders(args);

export function loader({ request, context }: Route.LoaderArgs) {
  return loadCatalogSections("offer", "/offers", { request, context });
}

const ANCHORS = [
  { href: "#kurse", label: "Kurse" },
  { href: "#events", label: "Events" },
  { href: "#produkte", label: "Produkte" },
];

const TILES = [
  {
    to: "/courses",
    title: "Kurse",
    text: "Strukturiert lernen und wachsen – online und vor Ort.",
    icon: BookIcon,
  },
  {
    to: "/events",
    title: "Veranstaltungen",
    text: "Workshops, Retreats und Netzwerkabende voller Begegnungen.",
    icon: CalendarIcon,
  },
  {
    to: "/community",
    title: "Community",
    text: "Menschen, die dich ermutigen, unterstützen und mitfeiern.",
    icon: UsersIcon,
  },
  {
    to: "/products",
    title: "Produkte",
    text: "Bücher, Planer und Begleiter für deinen Alltag.",
    icon: GiftIcon,
  },
];

export default function OffersPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <section aria-labelledby="offers-heading" className="bg-gradient-to-b from-accent to-background">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
          <h1 id="offers-heading" className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
            Unsere Angebote für dein persönliches Wachstum
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-muted-foreground">
            Ob Kurs, Veranstaltung oder ein kleiner Begleiter für den Alltag: Hier findest du alles, was dich auf deinem
            Weg zu mehr Glück und Erfüllung unterstützt. Mitglieder erhalten Community-Preise.
          </p>
          <MemberPriceHint className="mt-3" />
          <nav aria-label="Zu den Angeboten springen" className="mt-8">
            <ul className="flex flex-wrap gap-3">
              {ANCHORS.map((anchor) => (
                <li key={anchor.href}>
                  <a
                    href={anchor.href}
                    className="inline-flex min-h-11 items-center rounded-full border border-input bg-card px-5 font-medium hover:bg-accent"
                  >
                    {anchor.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </section>

      {offersSections.map((section) => (
        <CatalogSection key={section.kind} {...section} resolve={data[section.kind]} />
      ))}

      <WideSection headingId="tiles-heading" title="Entdecke BeHappy">
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {TILES.map((tile) => (
            <li key={tile.to}>
              <Link to={tile.to} className="panel flex h-full flex-col transition-shadow hover:shadow-md">
                <span className="inline-flex w-fit rounded-full bg-accent p-3 text-primary">
                  <tile.icon size={24} />
                </span>
                <span className="mt-4 flex items-center gap-2 text-xl font-semibold">
                  {tile.title}
                  <ArrowRightIcon size={18} />
                </span>
                <span className="mt-2 text-muted-foreground">{tile.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </WideSection>

      <JoinCta {...JOIN_CTA_READY} />
    </>
  );
}
