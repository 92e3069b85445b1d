import { ContentIcon } from "~/components/site/content-icon";
import { JoinCta } from "~/components/site/join-cta";
import { NameAndRole } from "~/components/site/name-and-role";
import { Portrait } from "~/components/site/portrait";
import { Section } from "~/components/site/section";
import { QuoteIcon } from "~/components/ui/icons";
import { communityBenefits, communityJoin } from "~/content/community";
import { communityTestimonials } from "~/content/testimonials";

/** The body of /community: what members get, what they say, and how to join. */
export function CommunityPageBody() {
  return (
    <>
      <Section id="vorteile" title="Deine Vorteile als Mitglied">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {communityBenefits.map((benefit) => (
            <li key={benefit.id} className="panel">
              <ContentIcon name={benefit.icon} />
              <h3 className="mt-4 text-lg font-semibold">{benefit.title}</h3>
              <p className="mt-2 text-muted-foreground">{benefit.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="stimmen" title="Das sagen unsere Mitglieder" muted>
        <ul className="grid gap-6 md:grid-cols-3">
          {communityTestimonials.map((t) => (
            <li key={t.name}>
              <figure className="flex h-full flex-col rounded-xl bg-card p-6 shadow-sm">
                <QuoteIcon size={28} className="text-primary" />
                <blockquote className="mt-3 flex-1">
                  <p>„{t.quote}“</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <Portrait src={t.avatar} size={48} className="size-12" />
                  <span>
                    <NameAndRole name={t.name} role={t.role} />
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Section>

      <JoinCta title={communityJoin.title} text={communityJoin.text} label={communityJoin.label} />
    </>
  );
}
