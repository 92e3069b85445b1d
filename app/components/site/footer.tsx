import type { ReactNode } from "react";
import { Link } from "react-router";
import { FacebookIcon, InstagramIcon, LinkedInIcon, YouTubeIcon } from "~/components/ui/icons";
import { ExternalLink } from "~/components/site/external-link";
import {
  ABOUT_LINKS,
  CATALOG_LINKS,
  COMMUNITY_LINK,
  FILM_LINK,
  JOIN_LINK,
  SOCIAL_LINKS,
  type NavItem,
} from "~/components/site/nav-items";

export type FooterProps = {
  /** Slot for the newsletter signup form (rendered by the route/root owner). */
  newsletter?: ReactNode;
};

type Column = { id: string; title: string; links: NavItem[] };

/* The header's menus plus what the footer adds (join, community, the legal pages). */
const COLUMNS: Column[] = [
  {
    id: "angebote",
    title: "Angebote",
    links: [{ label: "Alle Angebote", to: "/offers" }, ...CATALOG_LINKS, JOIN_LINK],
  },
  { id: "ueber-uns", title: "Über uns", links: [...ABOUT_LINKS, COMMUNITY_LINK, FILM_LINK] },
  {
    id: "rechtliches",
    title: "Rechtliches",
    links: [
      { label: "Impressum", to: "/impressum" },
      { label: "Datenschutz", to: "/datenschutz" },
      { label: "AGB", to: "/agb" },
      { label: "Kontakt", to: "/contact" },
      { label: "Vertrag widerrufen", to: "/vertrag-widerrufen" },
      // § 312k BGB: the cancellation button, on every page (error pages render this footer too).
      { label: "Verträge hier kündigen", to: "/vertrag-kuendigen" },
    ],
  },
];

const SOCIAL_ICONS = {
  instagram: InstagramIcon,
  facebook: FacebookIcon,
  youtube: YouTubeIcon,
  linkedin: LinkedInIcon,
} as const;

const linkClass = "footer-link";

export function Footer({ newsletter }: FooterProps) {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-auto border-t border-border bg-muted print:hidden">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <div className="grid gap-10 lg:grid-cols-[1.3fr_2fr]">
          <div className="space-y-4">
            <Link to="/" className="inline-flex min-h-11 items-center text-2xl font-bold tracking-tight text-primary">
              BeHappy
            </Link>
            <p className="max-w-sm text-muted-foreground">
              Die Gemeinschaft für persönliches Wachstum, Glück und Selbstverwirklichung – mit Kursen, Veranstaltungen
              und Menschen, die dich ermutigen.
            </p>
            {newsletter ? <div className="max-w-md pt-2">{newsletter}</div> : null}
          </div>

          <div className="grid gap-8 sm:grid-cols-3">
            {COLUMNS.map((column) => (
              <nav key={column.id} aria-labelledby={`footer-${column.id}`}>
                <h2 id={`footer-${column.id}`} className="text-sm font-semibold uppercase tracking-wide">
                  {column.title}
                </h2>
                <ul className="mt-3 space-y-0.5">
                  {column.links.map((link) => (
                    <li key={link.to}>
                      {link.external ? (
                        <ExternalLink href={link.to} className={linkClass}>
                          {link.label}
                        </ExternalLink>
                      ) : (
                        <Link to={link.to} className={linkClass}>
                          {link.label}
                        </Link>
                      )}
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>
        </div>

        <div className="mt-12 flex flex-col-reverse items-start justify-between gap-6 border-t border-border pt-6 sm:flex-row sm:items-center">
          <p className="text-sm text-muted-foreground" suppressHydrationWarning>
            {`© ${year} BeHappy. Alle Rechte vorbehalten.`}
          </p>
          <ul className="flex items-center gap-1" aria-label="Soziale Medien">
            {SOCIAL_LINKS.map((social) => {
              const Icon = SOCIAL_ICONS[social.id];
              return (
                <li key={social.id}>
                  <a href={social.href} target="_blank" rel="noopener noreferrer" className="icon-link">
                    <Icon size={20} />
                    <span className="sr-only">{`BeHappy auf ${social.label} (öffnet in neuem Tab)`}</span>
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
    </footer>
  );
}
