import type { ReactNode } from "react";
import { cn } from "~/components/ui/cn";

const WIDTHS = { narrow: "max-w-md", medium: "max-w-xl", wide: "max-w-2xl" } as const;

/**
 * The page around one form (sign-in, password, account deletion, withdrawal): a centred column of a
 * readable width, the page's heading and, where the page has one, the sentence that says what the
 * form does.
 */
export function FormPage({
  title,
  lead,
  width = "narrow",
  children,
}: {
  title: string;
  lead?: ReactNode;
  width?: keyof typeof WIDTHS;
  children: ReactNode;
}) {
  return (
    <section className={cn("mx-auto px-4 py-16", WIDTHS[width])}>
      <h1 className="text-3xl font-bold">{title}</h1>
      {lead ? <p className="mt-2 text-muted-foreground">{lead}</p> : null}
      {children}
    </section>
  );
}
