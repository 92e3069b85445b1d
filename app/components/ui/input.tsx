import type { InputHTMLAttributes } from "react";
import { cn } from "~/components/ui/cn";

export const controlClass =
  "block w-full min-h-11 rounded-md border border-input bg-card px-3 py-2 text-base text-foreground " +
  "placeholder:text-muted-foreground shadow-xs transition-colors " +
  "focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-ring " +
  "disabled:cursor-not-allowed disabled:opacity-60 " +
  "aria-invalid:border-destructive aria-invalid:border-2";

export type InputProps = InputHTMLAttributes<HTMLInputElement>;

export function Input({ className, type = "text", ...props }: InputProps) {
  return <input type={type} className={cn(controlClass, className)} {...props} />;
}
