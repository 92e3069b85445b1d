import { Link } from "react-router";
import { JoinCta } from "~/components/site/join-cta";
import { MissionBlock } from "../components/site/mission-block";
import { PageHero, Section } from "../components/site/section";
import { pageHeaders } from "~/server/cache-policy.server";
import { buttonClass } from "../components/ui/button";
import { mission } from "../content/mission";
import { staticPageMetaExport } from "~/lib/page-meta";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = staticPageMetaExport("/about", {
  title: "Über uns",
  description:
    "Mission, Vision und Werte von BeHappy: Seit 2019 begleiten wir Menschen auf ihrem Weg zu mehr Glück, Sinn und Selbstverwirklichung – bis 2030 über 1 Million.",
});

export const headers: Route.HeadersFunction = (args) => pageHeaders(args, "staticPage");

export default function About() {
  return (
    <>
      <PageHero
        eyebrow="Über uns"
        title="Gemeinsam glücklicher leben"
        lead="BeHappy ist eine Gemeinschaft für persönliches Wachstum. Wir glauben, dass jeder Mensch das Potenzial für ein erfülltes Leben in sich trägt – und dass es sich gemeinsam leichter entfaltet."
      >
        <Link to="/concept" className={buttonClass("outline", "lg")}>
          Unser Konzept
        </Link>
        <Link to="/team" className={buttonClass("ghost", "lg")}>
          Lerne das Team kennen
        </Link>
      </PageHero>

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
