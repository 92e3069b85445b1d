import { JoinCta } from "~/components/site/join-cta";
import { MissionBlock } from "../components/site/mission-block";
import { PageHero, Section } from "../components/site/section";
import { pageHeaders } from "~/server/cache-policy.server";
import { mission } from "../content/mission";
import { staticPageMetaExport } from "~/lib/page-meta";
import { aboutPage } from "~/content/pages";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = staticPageMetaExport(aboutPage);

export const headers: Route.HeadersFunction = (args) => pageHeaders(args, "staticPage");

export default function About() {
  return (
    <>
      <PageHero {...aboutPage.hero} />

      <MissionBlock />

      <Section id="werte" title={mission.values.title} lead="Daran lassen wir uns messen – jeden Tag.">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {mission.values.items.map((value) => (
            <li key={value.title} className="rounded-xl border border-border bg-card p-6 shadow-sm">
              <h3 className="text-lg font-semibold">{value.title}</h3>
              <p className="mt-2 text-muted-foreground">{value.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <JoinCta title={mission.join.title} text={mission.join.text} label={mission.join.label} />
    </>
  );
}
