import { Fragment } from "react";
import { cn } from "~/components/ui/cn";

/**
 * A postal address, one line each, separated by <br> so it reads and copies as one block. A missing
 * line (null) stays an empty line, as the address was given.
 */
export function PostalAddress({ lines, className }: { lines: Array<string | null>; className?: string }) {
  return (
    <address className={cn("not-italic", className)}>
      {lines.map((line, index) => (
        <Fragment key={index}>
          {index > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </address>
  );
}
