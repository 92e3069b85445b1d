import type { LabelHTMLAttributes } from "react";
import { cn } from "~/components/ui/cn";

export type LabelProps = LabelHTMLAttributes<HTMLLabelElement> & {
  /** Appends a visual asterisk; the control itself must carry `required`. */
  required?: boolean;
};

export function Label({ className, required, children, ...props }: LabelProps) {
  return (
    <label className={cn("block text-sm font-medium text-foreground", className)} {...props}>
      {children}
      {required ? (
        <span aria-hidden="true" className="ml-0.5 text-destructive">
          *
        </span>
      ) : null}
    </label>
  );
}
