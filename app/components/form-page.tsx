import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
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

/** The buttons of a form that changes the account: what it does, and back to the profile without doing it. */
export function AccountFormActions({ label, pending }: { label: string; pending: boolean }) {
  return (
    <div className="flex flex-wrap gap-3">
      <Button type="submit" pending={pending}>
        {label}
      </Button>
      <Link to="/dashboard?tab=profile" className="inline-flex min-h-11 items-center px-2 underline">
        Abbrechen
      </Link>
    </div>
  );
}
