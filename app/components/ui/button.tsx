import type { ComponentProps } from "react";
import { cn } from "~/components/ui/cn";

export type ButtonVariant = "default" | "secondary" | "outline" | "ghost" | "destructive" | "link";
export type ButtonSize = "default" | "sm" | "lg" | "icon";

/** Focus ring, disabled state, layout: the `btn` class in app/styles/ui.css. */
const base = "btn";

const variants: Record<ButtonVariant, string> = {
  default: "bg-primary text-primary-foreground shadow-sm hover:bg-primary/90",
  secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/80",
  outline: "border border-input bg-background text-foreground hover:bg-accent hover:text-accent-foreground",
  ghost: "text-foreground hover:bg-accent hover:text-accent-foreground",
  destructive: "bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90",
  link: "text-primary underline underline-offset-4 hover:no-underline",
};

/* Every size keeps a 44 px minimum touch target (WCAG 2.5.5 / 2.5.8). */
const sizes: Record<ButtonSize, string> = {
  default: "min-h-11 px-5 py-2 text-base",
  sm: "min-h-11 px-3 py-1.5 text-sm",
  lg: "min-h-12 px-7 py-3 text-lg",
  icon: "size-11 p-0",
};

/** Class names of a button, for `<Link>`/`<a>` that should look like one. */
export function buttonClass(variant: ButtonVariant = "default", size: ButtonSize = "default", className?: string) {
  return cn(base, variants[variant], sizes[size], className);
}

export type ButtonProps = ComponentProps<"button"> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /**
   * A submission is on its way: the button looks disabled and ignores presses, so nothing is sent
   * twice, but stays focusable. A `disabled` button that has focus drops it to <body>, and a
   * keyboard user would start again at the top of the page once the answer is in.
   */
  pending?: boolean;
};

/** A native button; `type` defaults to "button" unless it is explicitly a submit/reset button. */
export function Button({
  variant = "default",
  size = "default",
  className,
  type = "button",
  pending = false,
  onClick,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass(variant, size, className)}
      aria-disabled={pending || undefined}
      onClick={(event) => {
        if (pending) event.preventDefault();
        else onClick?.(event);
      }}
      {...props}
    />
  );
}
