import { useRef, type ReactNode } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import {
  CartIcon,
  ChevronDownIcon,
  CloseIcon,
  LogInIcon,
  LogOutIcon,
  MenuIcon,
  MonitorIcon,
  MoonIcon,
  SunIcon,
  UserIcon,
} from "~/components/ui/icons";
import { ExternalLink } from "~/components/site/external-link";
import { useMenuBehaviour, useScrolled } from "~/components/site/header-behaviour";
import { COMMUNITY_LINK, JOIN_LINK, NAV_MENUS, type NavItem } from "~/components/site/nav-items";

export type Theme = "light" | "dark" | "system";

export type HeaderProps = {
  user: { email: string; isAdmin?: boolean } | null;
  cartCount: number;
  theme: Theme;
  /** The member's active plan ("Yearly"); the join link is shown while there is none. */
  planName?: string | null;
  /** Its end, "endet am DD.MM.YYYY" or "gekündigt zum DD.MM.YYYY"; null for an open-ended plan. */
  planEnd?: string | null;
};

/**
 * A member sees their plan (leading to the dashboard's membership card) instead of the join link,
 * with its end in small type below the name, so the header stays as wide as before.
 */
function JoinOrPlan({
  planName,
  planEnd,
  className,
  endClass = "text-sm",
}: {
  planName: string | null;
  planEnd: string | null;
  className: string;
  /** The desktop header's is smaller: between md and lg the row has no room to spare. */
  endClass?: string;
}) {
  if (!planName) {
    return (
      <Link to={JOIN_LINK.to} className={className}>
        {JOIN_LINK.label}
      </Link>
    );
  }
  return (
    <Link to="/dashboard" className={planEnd ? `${className} flex-col gap-0 py-0.5 leading-tight` : className}>
      <span data-testid="header-plan">{planName}-Mitglied</span>
      {planEnd && (
        <span className={`font-normal text-muted-foreground ${endClass}`} data-testid="header-plan-end">
          {planEnd}
        </span>
      )}
    </Link>
  );
}

const SCROLL_THRESHOLD = 10; // spec §9

/**
 * Site header. Server-rendered and fully usable without JavaScript: the menus are
 * `<details>`/`<summary>` disclosures, the theme switch and sign-out are plain POST forms.
 * With JavaScript: translucent with a shadow after 10 px of scrolling, one menu open at a time,
 * outside click / Escape / navigation close menus, the mobile menu traps focus.
 */
export function Header({ user, cartCount, theme, planName = null, planEnd = null }: HeaderProps) {
  const headerRef = useRef<HTMLElement>(null);
  const scrolled = useScrolled(SCROLL_THRESHOLD);
  const location = useLocation();
  const redirectTo = `${location.pathname}${location.search}`;

  useMenuBehaviour(headerRef, location.key, location.pathname);

  return (
    <header ref={headerRef} className="site-header" data-scrolled={scrolled ? "" : undefined}>
      {/* Background on its own layer: a backdrop-filter on <header> would trap the fixed mobile panel. */}
      <div aria-hidden="true" className="site-header-bg" />
      <div className="site-header-row">
        <Link to="/" className="site-logo">
          BeHappy
        </Link>

        <SiteMenu theme={theme} redirectTo={redirectTo} planName={planName} planEnd={planEnd} />

        {/* On a phone the row is three icon buttons (cart, account, and the site menu's, placed at
            its end by app/styles/site-shell.css), and its box has their width from the first paint: Chrome paints
            a half-parsed header, and a right-aligned row that grew as its icons arrived moved the
            first ones (a layout shift; decision 0027). */}
        <div className="ml-auto flex min-w-33 shrink-0 items-center md:min-w-0 lg:gap-1">
          <CartLink count={cartCount} />
          {user ? <UserMenu email={user.email} isAdmin={user.isAdmin ?? false} /> : <SignInLink />}
        </div>
      </div>
    </header>
  );
}

/* ---- pieces ------------------------------------------------------------------------------ */

const navItemClass = ({ isActive }: { isActive: boolean }) =>
  cn("nav-item", isActive && "text-primary underline decoration-2 underline-offset-8");

const panelClass = "menu-panel";

const menuLinkClass = "menu-link";

/**
 * A text menu (`label`) in the navigation, or an icon button (`icon`) in the right-hand row. In the
 * phone's drawer the menus of the site menu are laid open under a title (`titleId`), their summary
 * hidden (app/styles/site-shell.css).
 */
function Dropdown({
  label,
  icon,
  align = "left",
  children,
  ariaLabel,
  titleId,
}: {
  label?: string;
  icon?: ReactNode;
  align?: "left" | "right";
  children: ReactNode;
  ariaLabel?: string;
  titleId?: string;
}) {
  return (
    // One exclusive group: opening a menu closes the others, also without JavaScript.
    <details data-menu="" name="header-menu" className={icon ? "menu menu-icon" : "menu"}>
      <summary aria-label={ariaLabel} className={icon ? iconButtonClass : "nav-item"}>
        {icon ?? (
          <>
            {label}
            <ChevronDownIcon size={14} className="nav-chevron" />
          </>
        )}
      </summary>
      <div className={cn(panelClass, align === "right" ? "right-0" : "left-0")}>
        {titleId ? (
          <p id={titleId} className="menu-title">
            {label}
          </p>
        ) : null}
        {children}
      </div>
    </details>
  );
}

function MenuLinks({ items, labelledBy }: { items: NavItem[]; labelledBy?: string }) {
  return (
    <ul aria-labelledby={labelledBy}>
      {items.map((item) => (
        <li key={item.to}>
          {item.external ? (
            <ExternalLink href={item.to} className={menuLinkClass}>
              {item.label}
            </ExternalLink>
          ) : (
            <NavLink
              to={item.to}
              end
              className={({ isActive }) => cn(menuLinkClass, isActive && "font-semibold text-primary")}
            >
              {item.label}
            </NavLink>
          )}
        </li>
      ))}
    </ul>
  );
}

const iconButtonClass = "icon-button";

function CartLink({ count }: { count: number }) {
  const label = count > 0 ? `Warenkorb, ${count} Artikel` : "Warenkorb";
  return (
    <NavLink to="/cart" aria-label={label} className={iconButtonClass}>
      <CartIcon size={22} />
      {count > 0 ? (
        <span
          aria-hidden="true"
          className="absolute right-0.5 top-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1 text-xs font-bold leading-5 text-primary-foreground"
        >
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </NavLink>
  );
}

function SignInLink() {
  return (
    <NavLink to="/auth" aria-label="Anmelden" className={iconButtonClass}>
      <LogInIcon size={22} />
    </NavLink>
  );
}

function UserMenu({ email, isAdmin }: { email: string; isAdmin: boolean }) {
  return (
    <Dropdown align="right" ariaLabel="Benutzermenü" icon={<UserIcon size={22} />}>
      {/* At 320 px the menu's button stands left of the phone menu's: narrower, the panel stays on screen. */}
      <div className="w-64 max-w-[calc(100vw-5.5rem)]">
        <p className="px-3 pb-2 pt-1 text-sm text-muted-foreground">
          Angemeldet als
          <span className="block truncate font-medium text-foreground" title={email}>
            {email}
          </span>
        </p>
        <div className="my-1 border-t border-border" />
        <ul>
          <li>
            <NavLink to="/dashboard" className={menuLinkClass}>
              Dashboard
            </NavLink>
          </li>
          {isAdmin ? (
            <li>
              <NavLink to="/admin" className={menuLinkClass}>
                Admin-Bereich
              </NavLink>
            </li>
          ) : null}
          <li>
            <Form method="post" action="/logout">
              <button type="submit" className={cn(menuLinkClass, "gap-2")}>
                <LogOutIcon size={18} />
                Abmelden
              </button>
            </Form>
          </li>
        </ul>
      </div>
    </Dropdown>
  );
}

const THEMES: { value: Theme; label: string; Icon: typeof SunIcon }[] = [
  { value: "light", label: "Hell", Icon: SunIcon },
  { value: "dark", label: "Dunkel", Icon: MoonIcon },
  { value: "system", label: "System", Icon: MonitorIcon },
];

/** The theme switch: a POST form with three submit buttons (works without JS). */
export function ThemeForm({ theme, redirectTo }: { theme: Theme; redirectTo: string }) {
  return (
    <Form method="post" action="/theme" preventScrollReset>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <fieldset>
        <legend className="px-3 pb-1 text-sm text-muted-foreground">Farbschema</legend>
        {/* Wrapping, not overflowing, where a wider system font meets a 320 px drawer. */}
        <div className="flex flex-wrap gap-1">
          {THEMES.map(({ value, label, Icon }) => (
            <button
              key={value}
              type="submit"
              name="theme"
              value={value}
              aria-pressed={theme === value}
              className="theme-option"
            >
              <Icon size={16} />
              {label}
            </button>
          ))}
        </div>
      </fieldset>
    </Form>
  );
}

function ThemeMenu({ theme, redirectTo }: { theme: Theme; redirectTo: string }) {
  const current = THEMES.find((t) => t.value === theme) ?? THEMES[2];
  return (
    <Dropdown align="right" ariaLabel={`Farbschema: ${current.label}`} icon={<current.Icon size={20} />}>
      <ThemeForm theme={theme} redirectTo={redirectTo} />
    </Dropdown>
  );
}

/**
 * The navigation, the join link and the theme switch, once in the page. One <details>: on a phone its
 * summary is the menu button and its content a drawer with every menu's links laid open; from md
 * on its content is the header row and the summary is gone (`::details-content` shows a closed
 * <details>' content). A browser without `::details-content` keeps the button, which opens the row.
 * Layout: `.site-menu` in app/styles/site-shell.css.
 */
function SiteMenu({
  theme,
  redirectTo,
  planName,
  planEnd,
}: {
  theme: Theme;
  redirectTo: string;
  planName: string | null;
  planEnd: string | null;
}) {
  return (
    <details data-mobile-menu="" className="site-menu">
      <summary className={iconButtonClass}>
        <span className="when-closed">
          <MenuIcon size={24} />
          <span className="sr-only">Menü öffnen</span>
        </span>
        <span className="when-open">
          <CloseIcon size={24} />
          <span className="sr-only">Menü schließen</span>
        </span>
      </summary>
      <div className="site-menu-panel">
        <nav aria-label="Hauptnavigation">
          <ul className="site-nav">
            {NAV_MENUS.map((menu) => (
              <li key={menu.id}>
                <Dropdown label={menu.label} titleId={`menu-${menu.id}`}>
                  <MenuLinks items={menu.items} labelledBy={`menu-${menu.id}`} />
                </Dropdown>
              </li>
            ))}
            <li>
              <NavLink to={COMMUNITY_LINK.to} className={navItemClass}>
                {COMMUNITY_LINK.label}
              </NavLink>
            </li>
          </ul>
        </nav>
        <div className="site-menu-extras">
          <JoinOrPlan
            planName={planName}
            planEnd={planEnd}
            endClass="text-sm md:text-[0.6875rem] lg:text-xs"
            className={buttonClass(planName ? "outline" : "default", "sm")}
          />
          <ThemeMenu theme={theme} redirectTo={redirectTo} />
        </div>
      </div>
    </details>
  );
}
