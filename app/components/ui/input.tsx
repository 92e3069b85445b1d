import type { InputHTMLAttributes } from "react";
import { cn } from "~/components/ui/cn";

/** Border, focus ring, invalid and disabled states: the `control` class in app/styles/ui.css. */
export const controlClass = "control";

export type InputProps = InputHTMLAttributes<HTMLInputElement>;

export function Input({ className, type = "text", ...props }: InputProps) {
  return <input type={type} className={cn(controlClass, className)} {...props} />;
}
