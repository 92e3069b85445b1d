import type { TextareaHTMLAttributes } from "react";
import { cn } from "./cn";
import { controlClass } from "./input";

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement>;

export function Textarea({ className, rows = 5, ...props }: TextareaProps) {
  return <textarea rows={rows} className={cn(controlClass, "min-h-28 resize-y", className)} {...props} />;
}
