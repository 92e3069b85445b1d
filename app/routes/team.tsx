import { PersonGrid } from "../components/site/person-card";
import { JoinCta } from "~/components/site/join-cta";
import { PageHero, Section } from "../components/site/section";
import { pageHeaders } from "~/server/cache-policy.server";
import { buttonClass } from "../components/ui/button";
import { MailIcon } from "../components/ui/icons";
import { advisors, careers, teamMembers } from "../content/team";
import { staticPageMetaExport } from "~/lib/page-meta";
import { teamPage } from "~/content/pages";
import type { Route } from "./+types/team";

export const meta: Route.MetaFunction = staticPageMetaExport(teamPage);

export const headers: Route.HeadersFunction = (args) => pageHeaders(args, "staticPage");

export default function Team() {
  return (
    <>
      <PageHero {...teamPage.hero} />

      <Section id="team" title="Unser Team">
        <PersonGrid people={teamMembers} />
      </Section>

      <Section
        id="beirat"
        title="Unser Beirat"
        lead="Unabhängige Expertinnen und Experten, die uns fachlich herausfordern und beraten."
        muted
      >
        <PersonGrid people={advisors} compact />
      </Section>

      <Section id="karriere" title={careers.title} lead={careers.text}>
        <div className="text-center">
          <a href={careers.cta.href} className={buttonClass("default", "lg", "whitespace-normal! text-center")}>
            <MailIcon size={18} />
            {careers.cta.label}
          </a>
          <p className="mt-3 text-sm text-muted-foreground">
            Schreib uns ein paar Zeilen über dich und was dich an BeHappy begeistert.
          </p>
        </div>
      </Section>

      <JoinCta />
    </>
  );
}
