import type { CatalogKind } from "~/lib/catalog/types";

/** Names of the decorative icons content may ask for (mapped in components/site/content-icon.tsx). */
export type IconName =
  | "sparkles"
  | "sprout"
  | "users"
  | "briefcase"
  | "compass"
  | "target"
  | "heart"
  | "eye"
  | "book"
  | "calendar"
  | "message"
  | "gift"
  | "star"
  | "shield";

/** A catalogue section of the start and offers pages: which kind it lists, its anchor and words. */
export type CatalogSectionText = {
  kind: CatalogKind;
  id: string;
  title: string;
  intro?: string;
  tone?: "plain" | "muted";
};
