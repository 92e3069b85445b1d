import type { Person } from "~/content/team";
import { LinkedInIcon, InstagramIcon, ExternalLinkIcon } from "~/components/ui/icons";
import { MailIcon } from "~/components/ui/page-icons";
import { Portrait } from "~/components/site/portrait";

const SOCIAL_ICONS = {
  email: MailIcon,
  linkedin: LinkedInIcon,
  instagram: InstagramIcon,
  website: ExternalLinkIcon,
} as const;

/** The team (three columns on wide screens) or the advisory board (compact cards). */
export function PersonGrid({ people, compact = false }: { people: Person[]; compact?: boolean }) {
  return (
    <ul className={compact ? "grid gap-6 md:grid-cols-3" : "grid gap-6 sm:grid-cols-2 lg:grid-cols-3"}>
      {people.map((person) => (
        <li key={person.name}>
          <PersonCard person={person} compact={compact} />
        </li>
      ))}
    </ul>
  );
}

/** A team member or advisor: portrait, name (h3), role, bio and contact links. */
function PersonCard({ person, compact = false }: { person: Person; compact?: boolean }) {
  return (
    <article className="flex h-full flex-col items-center rounded-xl border border-border bg-card p-6 text-center shadow-sm">
      <Portrait src={person.image} size={compact ? 80 : 112} className={compact ? "size-20" : "size-28"} />
      <h3 className="mt-4 text-lg font-semibold">{person.name}</h3>
      <p className="text-sm font-medium text-primary">{person.role}</p>
      <p className="mt-3 flex-1 text-sm text-muted-foreground">{person.bio}</p>
      {person.social.length > 0 ? (
        <ul className="mt-4 flex gap-1">
          {person.social.map((link) => {
            const Icon = SOCIAL_ICONS[link.type];
            const external = link.href.startsWith("http");
            return (
              <li key={link.href}>
                <a
                  href={link.href}
                  {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                  className="icon-link"
                >
                  <Icon size={18} />
                  <span className="sr-only">
                    {link.label}
                    {external ? " (öffnet in neuem Tab)" : ""}
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
      ) : null}
    </article>
  );
}
