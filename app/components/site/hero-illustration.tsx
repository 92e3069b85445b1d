import illustrationHref from "~/components/site/hero-illustration.svg?url&no-inline";

/**
 * The home hero's picture: a rising sun over soft hills, a growing plant and three people holding
 * hands (community, growth, happiness). Drawn in the theme's own colours, so it follows light and
 * dark mode. A `<use>` of an immutable hashed file, not inline paths: 1.6 KB less in every start
 * page, and only wide screens show it. Decorative: the heading beside it says everything.
 */
export function HeroIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 480 400" aria-hidden="true" className={className}>
      <use href={`${illustrationHref}#hero`} />
    </svg>
  );
}
