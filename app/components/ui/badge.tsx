import type { HTMLAttributes } from "react";
import { cn } from "~/components/ui/cn";

export type BadgeVariant = "default" | "secondary" | "outline" | "success" | "warning" | "destructive";

/** One component class per variant (`badge-secondary`, app/styles/ui.css): a card repeats its badges. */
export function badgeClass(variant: BadgeVariant = "default", className?: string) {
  return cn("badge", `badge-${variant}`, className);
}

export function Badge({
  variant = "default",
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return <span className={badgeClass(variant, className)} {...props} />;
}
