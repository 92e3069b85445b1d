import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/home";
import { CatalogSection, WideSection } from "~/components/catalog/catalog-section";
import { homePage, homeSections } from "~/content/home";
import { JOIN_CTA_READY, JoinButton, JoinCta } from "~/components/site/join-cta";
import { loaderCanonicalMetaExport } from "~/lib/catalog/seo";
import { TestimonialCarousel } from "~/components/catalog/testimonial-carousel";
import { HeroIllustration } from "~/components/site/hero-illustration";
import { buttonClass } from "~/components/ui/button";
import { ContentIcon } from "~/components/site/content-icon";
import { UsersIcon } from "~/components/ui/icons";
import { homePillars } from "~/content/pillars";
import { homeTestimonials } from "~/content/testimonials";
import { pageHeaders } from "~/server/http/cache-policy.server";
import { loadCatalogSections } from "~/server/catalog/catalog-pages.server";
import appStylesheet from "~/app.css?url";
import { AppFullStylesheet, type StylesheetHandle } from "~/components/stylesheet";

export const meta: Route.MetaFunction = loaderCanonicalMetaExport(homePage);

export const headers: Route.HeadersFunction = (args) => pageHeaders(args);

// The full sheet right after the hero: the first screen paints from the inline rules alone.
export const handle: StylesheetHandle = { fullSheetInPage: true };

export function loader({ request, context }: Route.LoaderArgs) {
  return loadCatalogSections("startpage", "/", { request, context });
}

export default function HomePage() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <section
        aria-labelledby="hero-heading"
        className="relative overflow-hidden bg-gradient-to-b from-accent to-background"
      >
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-20 sm:px-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:py-28">
          <div className="max-w-3xl">
            <p className="icon-line w-fit rounded-full bg-card px-4 py-1.5 text-sm font-medium text-primary shadow-sm">
              <UsersIcon size={16} />
              Mehr als 2.500 Mitglieder sind schon dabei
            </p>
            <h1 id="hero-heading" className="mt-6 text-4xl font-bold tracking-tight sm:text-5xl lg:text-6xl">
              Entfalte dein Potenzial – gemeinsam glücklicher leben
            </h1>
            <p className="mt-6 text-lg text-muted-foreground sm:text-xl">
              BeHappy ist deine Community für Selbstverwirklichung, persönliches Wachstum und den Aufbau deines eigenen
              Business. Mit Kursen, Veranstaltungen und Menschen, die an dich glauben.
            </p>
            <div className="mt-10 flex flex-col items-start gap-4 sm:flex-row sm:flex-wrap">
              <JoinButton />
              <Link to="/offers" className={buttonClass("outline", "lg")}>
                Angebote entdecken
              </Link>
            </div>
          </div>
          <HeroIllustration className="hidden w-full max-w-md justify-self-center lg:block" />
        </div>
      </section>
      <AppFullStylesheet href={appStylesheet} />

      <WideSection
        headingId="pillars-heading"
        title="Vier Säulen für dein Glück"
        intro="Alles bei BeHappy ruht auf vier Säulen, die sich gegenseitig stärken."
      >
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {homePillars.map((pillar) => {
            return (
              <li key={pillar.id} className="panel">
                <ContentIcon name={pillar.icon} shape="circle" />
                <h3 className="mt-4 text-xl font-semibold">{pillar.title}</h3>
                <p className="mt-2 text-muted-foreground">{pillar.text}</p>
              </li>
            );
          })}
        </ul>
      </WideSection>

      {homeSections.map((section) => (
        <CatalogSection key={section.kind} {...section} resolve={data[section.kind]} />
      ))}

      <TestimonialCarousel testimonials={homeTestimonials} />

      <JoinCta {...JOIN_CTA_READY} />
    </>
  );
}
