import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ContentPage } from "~/content/pages";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";

/** A content page's hero: the eyebrow, the page's single h1, a lead paragraph and its links. */
export function PageHero({ eyebrow, title, lead, links = [] }: ContentPage["hero"]) {
  return (
    <section className="bg-gradient-to-b from-accent/70 to-background">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-20">
        <p className="text-sm font-semibold uppercase tracking-widest text-primary">{eyebrow}</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-muted-foreground">{lead}</p>
        {links.length > 0 ? (
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            {links.map((link) => (
              <Link key={link.to} to={link.to} className={buttonClass(link.variant, "lg")}>
                {link.label}
              </Link>
            ))}
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** A content section with an h2 heading, labelled by it. */
export function Section({
  id,
  title,
  lead,
  children,
  className,
  muted = false,
}: {
  id: string;
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
  className?: string;
  muted?: boolean;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cn(muted && "bg-muted", className)}>
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <div className="mx-auto max-w-3xl text-center">
          <h2 id={`${id}-title`} className="section-title">
            {title}
          </h2>
          {lead ? <p className="mt-4 text-lg text-muted-foreground">{lead}</p> : null}
        </div>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}
