import type { SVGProps } from "react";
import spriteHref from "~/components/ui/icons.svg?url&no-inline";

/**
 * Icons from one SVG sprite (icons.svg, an immutable hashed file the browser caches once): each
 * icon in the page is a few bytes of `<use>` instead of its paths (docs/decisions/0020-critical-css.md).
 * All are decorative (aria-hidden; an SVG without tabindex is never focused); give the surrounding
 * control an accessible name. Stroke, fill and line caps come from the `icon` class (app/styles/ui.css), so a `fill-current`
 * class (not a fill attribute) fills one.
 */
export type IconProps = Omit<SVGProps<SVGSVGElement>, "children"> & { size?: number };

export function Svg({ size = 20, name, className, ...props }: IconProps & { name: string }) {
  return (
    <svg width={size} height={size} aria-hidden="true" className={className ? `icon ${className}` : "icon"} {...props}>
      <use href={`${spriteHref}#${name}`} />
    </svg>
  );
}

export const CartIcon = (p: IconProps) => <Svg {...p} name="cart" />;
export const UserIcon = (p: IconProps) => <Svg {...p} name="user" />;
export const LogInIcon = (p: IconProps) => <Svg {...p} name="log-in" />;
export const LogOutIcon = (p: IconProps) => <Svg {...p} name="log-out" />;
export const MenuIcon = (p: IconProps) => <Svg {...p} name="menu" />;
export const CloseIcon = (p: IconProps) => <Svg {...p} name="close" />;
export const ChevronDownIcon = (p: IconProps) => <Svg {...p} name="chevron-down" />;
export const ChevronLeftIcon = (p: IconProps) => <Svg {...p} name="chevron-left" />;
export const ChevronRightIcon = (p: IconProps) => <Svg {...p} name="chevron-right" />;
export const ArrowRightIcon = (p: IconProps) => <Svg {...p} name="arrow-right" />;
export const ExternalLinkIcon = (p: IconProps) => <Svg {...p} name="external-link" />;
export const SunIcon = (p: IconProps) => <Svg {...p} name="sun" />;
export const MoonIcon = (p: IconProps) => <Svg {...p} name="moon" />;
export const MonitorIcon = (p: IconProps) => <Svg {...p} name="monitor" />;
export const InfoIcon = (p: IconProps) => <Svg {...p} name="info" />;
export const AlertIcon = (p: IconProps) => <Svg {...p} name="alert" />;
export const AlertCircleIcon = (p: IconProps) => <Svg {...p} name="alert-circle" />;
export const CheckCircleIcon = (p: IconProps) => <Svg {...p} name="check-circle" />;
export const HeartIcon = (p: IconProps) => <Svg {...p} name="heart" />;
export const SparklesIcon = (p: IconProps) => <Svg {...p} name="sparkles" />;
export const SproutIcon = (p: IconProps) => <Svg {...p} name="sprout" />;
export const UsersIcon = (p: IconProps) => <Svg {...p} name="users" />;
export const BriefcaseIcon = (p: IconProps) => <Svg {...p} name="briefcase" />;
export const CompassIcon = (p: IconProps) => <Svg {...p} name="compass" />;
export const TargetIcon = (p: IconProps) => <Svg {...p} name="target" />;
export const EyeIcon = (p: IconProps) => <Svg {...p} name="eye" />;
export const QuoteIcon = (p: IconProps) => <Svg {...p} name="quote" />;
export const BookIcon = (p: IconProps) => <Svg {...p} name="book" />;
export const CalendarIcon = (p: IconProps) => <Svg {...p} name="calendar" />;
export const MessageIcon = (p: IconProps) => <Svg {...p} name="message" />;
export const GiftIcon = (p: IconProps) => <Svg {...p} name="gift" />;
export const MapPinIcon = (p: IconProps) => <Svg {...p} name="map-pin" />;
export const StarIcon = (p: IconProps) => <Svg {...p} name="star" />;
export const ShieldIcon = (p: IconProps) => <Svg {...p} name="shield" />;
export const PlayIcon = (p: IconProps) => <Svg {...p} name="play" />;
export const LoaderIcon = (p: IconProps) => <Svg {...p} name="loader" />;

/* Brand marks (Facebook, YouTube, LinkedIn) are filled glyphs: their symbols set fill themselves. */
export const InstagramIcon = (p: IconProps) => <Svg {...p} name="instagram" />;
export const FacebookIcon = (p: IconProps) => <Svg {...p} name="facebook" />;
export const YouTubeIcon = (p: IconProps) => <Svg {...p} name="you-tube" />;
export const LinkedInIcon = (p: IconProps) => <Svg {...p} name="linked-in" />;
