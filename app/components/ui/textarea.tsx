import type { TextareaHTMLAttributes } from "react";
import { cn } from "~/components/ui/cn";
import { controlClass } from "~/components/ui/input";

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement>;

export function Textarea({ className, rows = 5, ...props }: TextareaProps) {
  return <textarea rows={rows} className={cn(controlClass, "min-h-28 resize-y", className)} {...props} />;
}
