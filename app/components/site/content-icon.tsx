import type { IconName } from "../../content/types";
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
} from "../ui/icons";

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

/** A decorative icon in a soft rounded tile, chosen by the content's icon name. */
export function ContentIcon({ name, className }: { name: IconName; className?: string }) {
  const Icon = ICONS[name];
  return (
    <span
      aria-hidden="true"
      className={`inline-flex size-12 items-center justify-center rounded-xl bg-accent text-primary ${className ?? ""}`}
    >
      <Icon size={24} />
    </span>
  );
}
