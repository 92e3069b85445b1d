import type { ReactNode, Ref } from "react";

/** A region named by its own heading (aria-labelledby points at the heading), so screen readers list it by that name. */
export function LabelledSection({
  id,
  title,
  headingLevel: Heading = "h3",
  className,
  headingClassName = "font-semibold",
  headingRef,
  children,
}: {
  id: string;
  title: ReactNode;
  headingLevel?: "h2" | "h3";
  className?: string;
  headingClassName?: string;
  /** For moving focus to the heading after an action (useRefocusAfterChange); it then takes tabIndex -1. */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <Heading id={id} ref={headingRef} tabIndex={headingRef ? -1 : undefined} className={headingClassName}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
