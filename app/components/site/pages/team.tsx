import { PersonGrid } from "~/components/site/person-card";
import { JoinCta } from "~/components/site/join-cta";
import { Section } from "~/components/site/section";
import { buttonClass } from "~/components/ui/button";
import { MailIcon } from "~/components/ui/page-icons";
import { advisors, careers, teamMembers } from "~/content/team";

/** The body of /team: the team, the advisory board and open positions. */
export function TeamPageBody() {
  return (
    <>
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
