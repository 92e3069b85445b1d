import { Badge, type BadgeVariant } from "~/components/ui/badge";

const STATUS: Record<string, { label: string; variant: BadgeVariant }> = {
  completed: { label: "Abgeschlossen", variant: "success" },
  cancelled: { label: "Storniert", variant: "destructive" },
};

/** Spec §4 Order status colours: completed green, cancelled red, anything else yellow. */
export function OrderStatusBadge({ status }: { status: string }) {
  const { label, variant } = STATUS[status] ?? { label: "Ausstehend", variant: "warning" as const };
  return (
    <Badge variant={variant} data-status={status}>
      {label}
    </Badge>
  );
}
