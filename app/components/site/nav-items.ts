/** The header's menus (spec §2 "Header and footer"); shared by desktop, mobile menu and footer. */

export type NavItem = { label: string; to: string; external?: boolean };
export type NavMenu = { id: string; label: string; items: NavItem[] };

export const FILM_URL = "https://www.youtube.com/@behappy";

export const COMMUNITY_LINK: NavItem = { label: "Community", to: "/community" };
export const JOIN_LINK: NavItem = { label: "Mitglied werden", to: "/join" };
export const FILM_LINK: NavItem = { label: "Film", to: FILM_URL, external: true };

/** The catalogue lists, below the header's "Angebote" and the footer's "Alle Angebote". */
export const CATALOG_LINKS: NavItem[] = [
  { label: "Kurse", to: "/courses" },
  { label: "Veranstaltungen", to: "/events" },
  { label: "Produkte", to: "/products" },
];

export const ABOUT_LINKS: NavItem[] = [
  { label: "Über uns", to: "/about" },
  { label: "Unser Konzept", to: "/concept" },
  { label: "Team", to: "/team" },
];

export const NAV_MENUS: NavMenu[] = [
  { id: "angebote", label: "Angebote", items: [{ label: "Angebote", to: "/offers" }, ...CATALOG_LINKS] },
  {
    id: "selbsttest",
    label: "Selbsttest",
    items: [
      { label: "Glückstest", to: "/glueckstest" },
      { label: "Scanner-Taucher-Test", to: "/scanner-taucher-test" },
    ],
  },
  { id: "ueber-uns", label: "Über uns", items: [...ABOUT_LINKS, FILM_LINK] },
];

export const SOCIAL_LINKS = [
  { id: "instagram", label: "Instagram", href: "https://www.instagram.com/behappy" },
  { id: "facebook", label: "Facebook", href: "https://www.facebook.com/behappy" },
  { id: "youtube", label: "YouTube", href: "https://www.youtube.com/@behappy" },
  { id: "linkedin", label: "LinkedIn", href: "https://www.linkedin.com/company/behappy" },
] as const;
