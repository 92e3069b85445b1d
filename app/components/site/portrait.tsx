import { cn } from "~/components/ui/cn";

/**
 * A round portrait next to the person's visible name: decorative, so its alt is empty. Square, so
 * one size in pixels reserves its space before it loads; lazy because portraits sit below the fold.
 */
export function Portrait({ src, size, className }: { src: string; size: number; className?: string }) {
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={cn("rounded-full", className)}
    />
  );
}
