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
  /** The shop's year (its clock, from the root loader); left out on an error page without it. */
  year?: number | null;
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

export function Footer({ newsletter, year = null }: FooterProps) {
  return (
    <footer className="site-footer">
      <div className="site-footer-body">
        <div className="site-footer-top">
          <div className="site-footer-about">
            <Link to="/" className="site-footer-logo">
              BeHappy
            </Link>
            <p>
              Die Gemeinschaft für persönliches Wachstum, Glück und Selbstverwirklichung – mit Kursen, Veranstaltungen
              und Menschen, die dich ermutigen.
            </p>
            {newsletter ? <div className="site-footer-newsletter">{newsletter}</div> : null}
          </div>

          <div className="footer-nav">
            {COLUMNS.map((column) => (
              <nav key={column.id} aria-labelledby={`footer-${column.id}`}>
                <h2 id={`footer-${column.id}`}>{column.title}</h2>
                <ul>
                  {column.links.map((link) => (
                    <li key={link.to}>
                      {link.external ? (
                        <ExternalLink href={link.to}>{link.label}</ExternalLink>
                      ) : (
                        <Link to={link.to}>{link.label}</Link>
                      )}
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>
        </div>

        <div className="site-footer-bottom">
          <p>{`© ${year ? `${year} ` : ""}BeHappy. Alle Rechte vorbehalten.`}</p>
          <ul aria-label="Soziale Medien">
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
