import type { ReactNode } from "react";

/** A region named by its own heading (aria-labelledby points at the heading), so screen readers list it by that name. */
export function LabelledSection({
  id,
  title,
  headingLevel: Heading = "h3",
  className,
  headingClassName = "font-semibold",
  children,
}: {
  id: string;
  title: ReactNode;
  headingLevel?: "h2" | "h3";
  className?: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <Heading id={id} className={headingClassName}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
