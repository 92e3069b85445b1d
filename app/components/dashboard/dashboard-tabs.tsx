import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { useHydrated } from "~/components/hydrated";
import { cn } from "~/components/ui/cn";

export type DashboardTab = "orders" | "profile";

export const TABS: { id: DashboardTab; label: string }[] = [
  { id: "orders", label: "My Orders" },
  { id: "profile", label: "Profile" },
];

export const tabId = (tab: DashboardTab) => `dashboard-tab-${tab}`;
export const panelId = (tab: DashboardTab) => `dashboard-panel-${tab}`;

/**
 * The tab is in the URL (?tab=…), so each tab is a link that works without JavaScript. With
 * JavaScript the links also behave as an ARIA tablist: one tab stop, arrow keys, Home and End.
 */
export function DashboardTabs({ active }: { active: DashboardTab }) {
  const navigate = useNavigate();
  const refs = useRef<Record<string, HTMLAnchorElement | null>>({});
  const hydrated = useHydrated();

  function onKeyDown(event: KeyboardEvent<HTMLAnchorElement>) {
    const index = TABS.findIndex((t) => t.id === active);
    const next =
      event.key === "ArrowRight"
        ? (index + 1) % TABS.length
        : event.key === "ArrowLeft"
          ? (index - 1 + TABS.length) % TABS.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? TABS.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    const tab = TABS[next];
    navigate(`/dashboard?tab=${tab.id}`, { preventScrollReset: true });
    refs.current[tab.id]?.focus();
  }

  return (
    <div role="tablist" aria-label="Bereiche" className="flex gap-2 border-b border-border">
      {TABS.map((tab) => {
        const selected = tab.id === active;
        return (
          <Link
            key={tab.id}
            ref={(el) => {
              refs.current[tab.id] = el;
            }}
            to={`/dashboard?tab=${tab.id}`}
            preventScrollReset
            onKeyDown={onKeyDown}
            role="tab"
            id={tabId(tab.id)}
            aria-selected={selected}
            aria-controls={selected ? panelId(tab.id) : undefined}
            // Roving tab stop only once JavaScript handles the arrow keys.
            tabIndex={hydrated && !selected ? -1 : 0}
            // The spec's English tab names, said as English (WCAG 3.1.2).
            lang="en"
            className={cn(
              "-mb-px inline-flex min-h-11 items-center border-b-2 px-4 font-medium transition-colors",
              selected
                ? "border-primary text-foreground"
                : "border-transparent text-muted-foreground hover:text-foreground",
            )}
          >
            {tab.label}
          </Link>
        );
      })}
    </div>
  );
}

export function TabPanel({ tab, children }: { tab: DashboardTab; children: ReactNode }) {
  return (
    // Focusable (APG tabs pattern), so it shows the site's focus ring like every other stop.
    <div role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} tabIndex={0} className="pt-8">
      {children}
    </div>
  );
}
