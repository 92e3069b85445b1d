import { cn } from "~/components/ui/cn";

/**
 * Catalogue illustrations are 4:3 (800 × 600). Width and height are always set so nothing shifts
 * while loading; images below the fold load lazily.
 */
export function CatalogImage({
  src,
  alt,
  eager = false,
  className,
}: {
  src: string;
  alt: string;
  eager?: boolean;
  className?: string;
}) {
  return (
    <img
      src={src}
      alt={alt}
      width={800}
      height={600}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      className={cn("catalog-image", className)}
    />
  );
}
