import { Link } from "react-router";
import { ArrowRightIcon, BookIcon, CalendarIcon, GiftIcon } from "~/components/ui/icons";
import type { CatalogKind } from "~/lib/catalog/types";
import { KIND_TEXT } from "~/lib/catalog/texts";

const ICONS = { products: GiftIcon, events: CalendarIcon, courses: BookIcon } as const;
const TEASER: Record<CatalogKind, string> = {
  products: "Bücher, Planer und Begleiter für deinen Alltag.",
  events: "Workshops, Retreats und Begegnungen mit der Community.",
  courses: "Lerne Schritt für Schritt – online und vor Ort.",
};

/** 'Das könnte dich auch interessieren': links to the two other kinds of offers. */
export function RelatedLinks({ current }: { current: CatalogKind }) {
  const others = (["events", "courses", "products"] as const).filter((kind) => kind !== current);
  return (
    <section aria-labelledby="related-heading" className="mt-16 border-t border-border pt-10">
      <h2 id="related-heading" className="text-2xl font-bold">
        Das könnte dich auch interessieren
      </h2>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2">
        {others.map((kind) => {
          const Icon = ICONS[kind];
          return (
            <li key={kind}>
              <Link
                to={KIND_TEXT[kind].path}
                className="panel flex h-full items-start gap-4 transition-shadow hover:shadow-md"
              >
                <span className="rounded-full bg-accent p-3 text-primary">
                  <Icon size={24} />
                </span>
                <span>
                  <span className="flex items-center gap-2 text-lg font-semibold">
                    {KIND_TEXT[kind].discover}
                    <ArrowRightIcon size={18} />
                  </span>
                  <span className="mt-1 block text-muted-foreground">{TEASER[kind]}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
