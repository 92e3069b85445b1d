import type { ReactNode } from "react";
import { Link } from "react-router";
import { mission } from "~/content/mission";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { ArrowRightIcon, EyeIcon, QuoteIcon, TargetIcon } from "~/components/ui/icons";

/**
 * Mission, vision, story, goal and quote with a link to /join: shared by /about and the three
 * legal pages (spec §2). `headingLevel` is the level of the block's own heading; sub-headings
 * are one level lower.
 */
export function MissionBlock({
  headingLevel = "h2",
  showTitle = true,
  className,
}: {
  headingLevel?: "h2" | "h3";
  showTitle?: boolean;
  className?: string;
}) {
  const H = headingLevel;
  const Sub = headingLevel === "h2" ? "h3" : "h4";
  return (
    <section aria-labelledby="mission-block-title" className={cn("bg-muted", className)}>
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <H
          id="mission-block-title"
          className={cn("text-center text-3xl font-bold tracking-tight", !showTitle && "sr-only")}
        >
          Wofür BeHappy steht
        </H>

        <div className="mt-10 grid gap-6 md:grid-cols-2">
          <IconCard icon={<TargetIcon />} heading={Sub} entry={mission.mission} />
          <IconCard icon={<EyeIcon />} heading={Sub} entry={mission.vision} />
        </div>

        <div className="mt-6 grid gap-6 md:grid-cols-[2fr_1fr]">
          <article className="panel">
            <Sub className="text-xl font-semibold">
              {mission.story.title}
              <span className="ml-2 align-middle text-sm font-medium text-primary">seit {mission.story.year}</span>
            </Sub>
            {mission.story.paragraphs.map((text) => (
              <p key={text.slice(0, 24)} className="mt-3 text-muted-foreground">
                {text}
              </p>
            ))}
          </article>
          <article className="flex flex-col justify-center rounded-xl bg-secondary p-6 text-secondary-foreground">
            <Sub className="text-xl font-semibold">{mission.goal.title}</Sub>
            <p className="mt-3 text-3xl font-bold">{mission.goal.highlight}</p>
            <p className="mt-2">{mission.goal.text}</p>
          </article>
        </div>

        <figure className="mx-auto mt-12 max-w-3xl text-center">
          <QuoteIcon size={32} className="mx-auto text-primary" />
          <blockquote className="mt-4 font-serif text-2xl italic leading-snug">
            <p>„{mission.quote.text}“</p>
          </blockquote>
          <figcaption className="mt-3 text-muted-foreground">– {mission.quote.author}</figcaption>
        </figure>

        <div className="mt-12 text-center">
          <p className="text-lg">{mission.join.text}</p>
          <Link to="/join" className={buttonClass("default", "lg", "mt-5")}>
            {mission.join.label}
            <ArrowRightIcon size={18} />
          </Link>
        </div>
      </div>
    </section>
  );
}

function IconCard({
  icon,
  heading: Heading,
  entry,
}: {
  icon: ReactNode;
  heading: "h3" | "h4";
  entry: { title: string; text: string };
}) {
  return (
    <article className="panel">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="inline-flex size-11 items-center justify-center rounded-xl bg-accent text-primary"
        >
          {icon}
        </span>
        <Heading className="text-xl font-semibold">{entry.title}</Heading>
      </div>
      <p className="mt-4 text-muted-foreground">{entry.text}</p>
    </article>
  );
}
