import type { IconName } from "~/content/types";
import {
  BookIcon,
  BriefcaseIcon,
  CalendarIcon,
  CompassIcon,
  EyeIcon,
  GiftIcon,
  HeartIcon,
  MessageIcon,
  ShieldIcon,
  SparklesIcon,
  SproutIcon,
  StarIcon,
  TargetIcon,
  UsersIcon,
  type IconProps,
} from "~/components/ui/icons";
import { cn } from "~/components/ui/cn";

const ICONS = {
  sparkles: SparklesIcon,
  sprout: SproutIcon,
  users: UsersIcon,
  briefcase: BriefcaseIcon,
  compass: CompassIcon,
  target: TargetIcon,
  heart: HeartIcon,
  eye: EyeIcon,
  book: BookIcon,
  calendar: CalendarIcon,
  message: MessageIcon,
  gift: GiftIcon,
  star: StarIcon,
  shield: ShieldIcon,
} satisfies Record<IconName, (p: IconProps) => React.JSX.Element>;

/** A decorative icon in a soft rounded tile (or circle), chosen by the content's icon name. */
export function ContentIcon({
  name,
  shape = "tile",
  className,
}: {
  name: IconName;
  shape?: "tile" | "circle";
  className?: string;
}) {
  const Icon = ICONS[name] ?? SparklesIcon;
  return (
    <span aria-hidden="true" className={cn("content-icon", shape === "circle" && "rounded-full", className)}>
      <Icon size={24} />
    </span>
  );
}
