import type { HTMLAttributes } from "react";
import { cn } from "~/components/ui/cn";

export type BadgeVariant = "default" | "secondary" | "outline" | "success" | "warning" | "destructive";

const variants: Record<BadgeVariant, string> = {
  default: "bg-primary text-primary-foreground border-transparent",
  secondary: "bg-secondary text-secondary-foreground border-transparent",
  outline: "border-input text-foreground",
  success: "bg-success-soft text-success border-transparent",
  warning: "bg-warning-soft text-warning border-transparent",
  destructive: "bg-destructive text-destructive-foreground border-transparent",
};

export function badgeClass(variant: BadgeVariant = "default", className?: string) {
  return cn("badge", variants[variant], className);
}

export function Badge({
  variant = "default",
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return <span className={badgeClass(variant, className)} {...props} />;
}
