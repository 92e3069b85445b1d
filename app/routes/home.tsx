import type { ReactNode } from "react";
import { data, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/home";
import { CatalogSection } from "~/components/catalog/catalog-section";
import { JoinCta } from "~/components/catalog/join-cta";
import { seoMeta } from "~/lib/catalog/seo";
import { TestimonialCarousel } from "~/components/catalog/testimonial-carousel";
import { KIND_TEXT } from "~/lib/catalog/texts";
import { HeroIllustration } from "~/components/site/hero-illustration";
import { buttonClass } from "~/components/ui/button";
import {
  ArrowRightIcon,
  BookIcon,
  BriefcaseIcon,
  CalendarIcon,
  CompassIcon,
  EyeIcon,
  GiftIcon,
  HeartIcon,
  MessageIcon,
  ShieldIcon,
  SparklesIcon,
  SproutIcon,
  StarIcon,
  TargetIcon,
  UsersIcon,
  type IconProps,
} from "~/components/ui/icons";
import { homePillars } from "~/content/pillars";
import { homeTestimonials } from "~/content/testimonials";
import type { IconName } from "~/content/types";
import { getAuth } from "~/server/auth/auth.server";
import {
  cacheHeadersFrom,
  canonicalUrl,
  catalogCacheHeaders,
  listSections,
  loadedCompletely,
} from "~/server/queries/catalog.server";
import { streamOrAwait } from "~/server/streaming.server";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seoMeta({
    title: "Gemeinsam glücklicher leben",
    description:
      "BeHappy ist die Community für Selbstverwirklichung, persönliches Wachstum und Business-Aufbau: Kurse, Veranstaltungen und mehr als 2.500 Mitglieder, die dich ermutigen.",
    canonical: loaderData?.canonical,
  });

export const headers: Route.HeadersFunction = ({ loaderHeaders, parentHeaders }) =>
  cacheHeadersFrom(loaderHeaders, parentHeaders);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { value } = await streamOrAwait(request, listSections(getAuth(context).viewer, "startpage"));
  const pick = <K extends "events" | "courses" | "products">(key: K) =>
    value instanceof Promise ? value.then((sections) => sections[key]) : value[key];
  const [events, courses, products] = [pick("events"), pick("courses"), pick("products")];
  return data(
    { events, courses, products, canonical: canonicalUrl("/") },
    {
      headers: await catalogCacheHeaders(request, context, { shareable: loadedCompletely(events, courses, products) }),
    },
  );
}

const PILLAR_ICONS: Record<IconName, (props: IconProps) => ReactNode> = {
  sparkles: SparklesIcon,
  sprout: SproutIcon,
  users: UsersIcon,
  briefcase: BriefcaseIcon,
  compass: CompassIcon,
  target: TargetIcon,
  heart: HeartIcon,
  eye: EyeIcon,
  book: BookIcon,
  calendar: CalendarIcon,
  message: MessageIcon,
  gift: GiftIcon,
  star: StarIcon,
  shield: ShieldIcon,
};

export default function HomePage() {
  const { events, courses, products } = useLoaderData<typeof loader>();
  return (
    <>
      <section
        aria-labelledby="hero-heading"
        className="relative overflow-hidden bg-gradient-to-b from-accent to-background"
      >
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-20 sm:px-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:py-28">
          <div className="max-w-3xl">
            <p className="inline-flex items-center gap-2 rounded-full bg-card px-4 py-1.5 text-sm font-medium text-primary shadow-sm">
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
            <div className="mt-10 flex flex-wrap gap-4">
              <Link to="/join" className={buttonClass("default", "lg")}>
                Jetzt Mitglied werden
                <ArrowRightIcon size={20} />
              </Link>
              <Link to="/offers" className={buttonClass("outline", "lg")}>
                Angebote entdecken
              </Link>
            </div>
          </div>
          <HeroIllustration className="hidden w-full max-w-md justify-self-center lg:block" />
        </div>
      </section>

      <section aria-labelledby="pillars-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <div className="max-w-2xl">
          <h2 id="pillars-heading" className="text-3xl font-bold tracking-tight">
            Vier Säulen für dein Glück
          </h2>
          <p className="mt-3 text-lg text-muted-foreground">
            Alles bei BeHappy ruht auf vier Säulen, die sich gegenseitig stärken.
          </p>
        </div>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {homePillars.map((pillar) => {
            const Icon = PILLAR_ICONS[pillar.icon] ?? SparklesIcon;
            return (
              <li key={pillar.id} className="rounded-xl border border-border bg-card p-6 shadow-sm">
                <span className="inline-flex rounded-full bg-accent p-3 text-primary">
                  <Icon size={24} />
                </span>
                <h3 className="mt-4 text-xl font-semibold">{pillar.title}</h3>
                <p className="mt-2 text-muted-foreground">{pillar.text}</p>
              </li>
            );
          })}
        </ul>
      </section>

      <CatalogSection
        id="veranstaltungen"
        title="Kommende Veranstaltungen"
        intro="Begegnungen, die bewegen: Workshops, Retreats und Abende mit der Community."
        href="/events"
        linkLabel="Alle Veranstaltungen"
        resolve={events}
        emptyText={KIND_TEXT.events.sectionEmpty}
        tone="muted"
      />
      <CatalogSection
        id="kurse"
        title="Beliebte Kurse"
        intro="Lerne in deinem Tempo – online oder vor Ort, begleitet von erfahrenen Menschen."
        href="/courses"
        linkLabel="Alle Kurse"
        resolve={courses}
        emptyText={KIND_TEXT.courses.sectionEmpty}
      />
      <CatalogSection
        id="produkte"
        title="Ausgewählte Produkte"
        intro="Kleine Begleiter für den Alltag, die dich an das Wesentliche erinnern."
        href="/products"
        linkLabel="Alle Produkte"
        resolve={products}
        emptyText={KIND_TEXT.products.sectionEmpty}
        tone="muted"
      />

      <TestimonialCarousel testimonials={homeTestimonials} />

      <JoinCta />
    </>
  );
}
