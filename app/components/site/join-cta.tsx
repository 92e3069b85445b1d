import { useId } from "react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { ArrowRightIcon } from "~/components/ui/icons";

export type JoinCtaProps = {
  title?: string;
  text?: string;
  label?: string;
  /** Heading level, to keep the page outline in order (default h2). */
  headingLevel?: "h2" | "h3";
  className?: string;
};

/** The band that closes the start and offers pages. */
export const JOIN_CTA_READY = {
  title: "Bereit für mehr Glück in deinem Leben?",
  text: "Werde Teil einer Gemeinschaft von mehr als 2.500 Menschen, die gemeinsam wachsen, sich gegenseitig ermutigen und ihre Träume verwirklichen.",
};

/** A call-to-action band linking to /join. */
export function JoinCta({
  title = "Werde Teil unserer Community",
  text = "Mehr als 2.500 Menschen wachsen bereits gemeinsam mit BeHappy. Starte kostenlos oder wähle die Mitgliedschaft, die zu dir passt.",
  label = "Jetzt Mitglied werden",
  headingLevel: Heading = "h2",
  className,
}: JoinCtaProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={cn("px-4 py-16 sm:px-6", className)}>
      {/* The focus ring switches to the light foreground colour on the terracotta band. */}
      <div className="mx-auto max-w-5xl rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground shadow-lg [--color-ring:var(--color-primary-foreground)] sm:px-12">
        <Heading id={titleId} className="section-title">
          {title}
        </Heading>
        <p className="mx-auto mt-4 max-w-2xl text-lg opacity-95">{text}</p>
        <Link to="/join" className={buttonClass("outline", "lg", "mt-8")}>
          {label}
          <ArrowRightIcon size={18} />
        </Link>
      </div>
    </section>
  );
}

/** The primary button to /join beside a secondary action (start page hero, self-test result). */
export function JoinButton() {
  return (
    <Link to="/join" className={buttonClass("default", "lg")}>
      Jetzt Mitglied werden
      <ArrowRightIcon size={20} />
    </Link>
  );
}
