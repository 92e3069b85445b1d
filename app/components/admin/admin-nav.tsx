import { useEffect, useRef, type KeyboardEvent } from "react";
import { Form, NavLink, useLocation } from "react-router";
import { cn } from "~/components/ui/cn";
import { LogOutIcon, MenuIcon } from "~/components/ui/icons";
import { BreakableAddress } from "~/components/breakable-address";

export const ADMIN_NAV = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/courses", label: "Kurse" },
  { to: "/admin/events", label: "Veranstaltungen" },
  { to: "/admin/products", label: "Produkte" },
  { to: "/admin/newsletter", label: "Newsletter" },
  { to: "/admin/contacts", label: "Kontaktanfragen" },
  { to: "/admin/orders", label: "Bestellungen" },
  { to: "/admin/withdrawals", label: "Widerrufe" },
  { to: "/admin/erstattungen", label: "Erstattungen" },
  { to: "/admin/gutscheine", label: "Gutscheine" },
  { to: "/admin/kuendigungen", label: "Kündigungen" },
  { to: "/admin/profiles", label: "Profile" },
  { to: "/admin/mails", label: "Mails" },
  { to: "/admin/jobs", label: "Geplante Aufgaben" },
  { to: "/admin/export", label: "Export Buchhaltung" },
] as const;

function NavList({ label }: { label: string }) {
  return (
    <nav aria-label={label}>
      <ul className="space-y-1">
        {ADMIN_NAV.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={"end" in item ? item.end : false}
              className={({ isActive }) =>
                cn(
                  "flex min-h-11 items-center rounded-md px-3 text-sm font-medium hover:bg-accent hover:text-accent-foreground",
                  isActive && "bg-primary text-primary-foreground hover:bg-primary/90 hover:text-primary-foreground",
                )
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SignOut() {
  return (
    <Form method="post" action="/logout" className="mt-6 border-t border-border pt-4">
      <button
        type="submit"
        className="flex min-h-11 w-full items-center gap-2 rounded-md px-3 text-sm font-medium hover:bg-accent hover:text-accent-foreground"
      >
        <LogOutIcon size={18} />
        Abmelden
      </button>
    </Form>
  );
}

/**
 * With JavaScript the drawer closes as the site's menus do: on Escape (focus back on its summary)
 * and after a navigation. Not on the first run: a drawer opened before the scripts started stays.
 */
function useDrawerBehaviour() {
  const drawer = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();
  const shownKey = useRef(key);
  useEffect(() => {
    if (shownKey.current === key) return;
    shownKey.current = key;
    if (drawer.current) drawer.current.open = false;
  }, [key]);
  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== "Escape" || !event.currentTarget.open) return;
    event.currentTarget.open = false;
    event.currentTarget.querySelector("summary")?.focus();
  };
  return { ref: drawer, onKeyDown };
}

/**
 * The admin sidebar: a fixed column on large screens, a drawer (<details>, so it opens without JS)
 * on small ones. Only one of the two is displayed at a time.
 */
export function AdminSidebar({ email }: { email: string }) {
  const drawer = useDrawerBehaviour();
  return (
    <>
      <details
        {...drawer}
        className="group rounded-lg border border-border bg-card lg:hidden"
        data-testid="admin-drawer"
      >
        <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-4 font-medium [&::-webkit-details-marker]:hidden">
          <MenuIcon size={18} />
          Admin-Menü
        </summary>
        <div className="border-t border-border p-3">
          <NavList label="Admin-Navigation (mobil)" />
          <SignOut />
        </div>
      </details>
      <aside className="hidden w-52 shrink-0 lg:block" aria-label="Admin-Bereich">
        {/* Never taller than the screen: its last links stay reachable in view (WCAG 2.4.11). */}
        <div className="sticky top-20 max-h-[calc(100dvh-6rem)] overflow-y-auto rounded-lg border border-border bg-card p-3">
          <p className="px-3 pb-3 text-xs text-muted-foreground">
            Angemeldet als{" "}
            <span className="break-words font-medium text-foreground">
              <BreakableAddress text={email} />
            </span>
          </p>
          <NavList label="Admin-Navigation" />
          <SignOut />
        </div>
      </aside>
    </>
  );
}
