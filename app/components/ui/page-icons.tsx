import { Svg, type IconProps } from "~/components/ui/icons";

/**
 * Icons only some pages use (contact, team, concept, newsletter links). They live apart from
 * icons.tsx because that module sits in the shell chunk every page loads: an icon there costs every
 * first visit its bytes (docs/decisions/0008-client-budget.md).
 */
export const CheckIcon = (p: IconProps) => <Svg {...p} name="check" />;
export const PhoneIcon = (p: IconProps) => <Svg {...p} name="phone" />;
export const MailIcon = (p: IconProps) => <Svg {...p} name="mail" />;
