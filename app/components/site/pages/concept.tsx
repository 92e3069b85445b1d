import { Link } from "react-router";
import { ContentIcon } from "~/components/site/content-icon";
import { JoinCta } from "~/components/site/join-cta";
import { Section } from "~/components/site/section";
import { buttonClass } from "~/components/ui/button";
import { CheckIcon } from "~/components/ui/page-icons";
import { conceptEvidence, conceptPillars, conceptPractice } from "~/content/concept";

/** The body of /concept: the four pillars, how they are practised and what they rest on. */
export function ConceptPageBody() {
  return (
    <>
      <Section
        id="saeulen"
        title="Die vier Säulen"
        lead="Vier Bausteine, die ineinandergreifen: Jeder für sich hilft – zusammen entfalten sie ihre volle Kraft."
      >
        <ul className="grid gap-6 md:grid-cols-2">
          {conceptPillars.map((pillar) => (
            <li key={pillar.id} className="panel">
              <div className="flex items-center gap-4">
                <ContentIcon name={pillar.icon} />
                <h3 className="text-xl font-semibold">{pillar.title}</h3>
              </div>
              <p className="mt-4 text-muted-foreground">{pillar.text}</p>
              <ul className="mt-4 space-y-2">
                {pillar.points.map((point) => (
                  <li key={point} className="flex gap-2">
                    <CheckIcon size={18} className="mt-1 shrink-0 text-primary" />
                    <span>{point}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="praxis" title={conceptPractice.title} lead={conceptPractice.lead} muted>
        <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {conceptPractice.steps.map((step) => (
            <li key={step.step} className="rounded-xl bg-card p-6 shadow-sm">
              <span
                aria-hidden="true"
                className="inline-flex size-10 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
              >
                {step.step}
              </span>
              <h3 className="mt-4 text-lg font-semibold">
                <span className="sr-only">Schritt {step.step}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="grundlagen" title={conceptEvidence.title} lead={conceptEvidence.lead}>
        <ul className="grid gap-6 md:grid-cols-2">
          {conceptEvidence.items.map((item) => (
            <li key={item.title} className="rounded-xl border border-border bg-card p-6">
              <h3 className="text-lg font-semibold">{item.title}</h3>
              <p className="mt-2 text-muted-foreground">{item.text}</p>
            </li>
          ))}
        </ul>
        <p className="mx-auto mt-8 max-w-3xl rounded-lg bg-secondary p-4 text-sm text-secondary-foreground">
          {conceptEvidence.note}
        </p>
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <Link to="/about" className={buttonClass("outline", "lg")}>
            Mehr über uns
          </Link>
          <Link to="/join" className={buttonClass("default", "lg")}>
            Jetzt Mitglied werden
          </Link>
        </div>
      </Section>

      <JoinCta />
    </>
  );
}
