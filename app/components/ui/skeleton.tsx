import type { HTMLAttributes } from "react";
import { cn } from "~/components/ui/cn";

/** A grey placeholder block; decorative (aria-hidden). */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-muted", className)} {...props} />;
}

/** The text lines of a catalogue card's placeholder: title, two lines of description, price. */
const CARD_TEXT_LINES = ["h-6 w-3/4", "h-4 w-full", "h-4 w-5/6", "mt-4 h-8 w-1/3"];

/** Placeholder of a catalogue card (image, title, two lines, price). */
export function SkeletonCard({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn("overflow-hidden rounded-xl border border-border bg-card", className)}>
      <Skeleton className="aspect-video w-full rounded-none" />
      <div className="space-y-3 p-6">
        {CARD_TEXT_LINES.map((lineClass) => (
          <Skeleton key={lineClass} className={lineClass} />
        ))}
      </div>
    </div>
  );
}

/**
 * A grid of skeleton cards (spec §9: 6 on lists, 3 on home sections and plans), announced once
 * to assistive technology as loading.
 */
export function SkeletonGrid({
  count = 6,
  label = "Wird geladen …",
  className,
}: {
  count?: number;
  label?: string;
  className?: string;
}) {
  return (
    <div role="status" aria-live="polite" className={className}>
      <span className="sr-only">{label}</span>
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: count }, (_, index) => (
          <SkeletonCard key={index} />
        ))}
      </div>
    </div>
  );
}
