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
