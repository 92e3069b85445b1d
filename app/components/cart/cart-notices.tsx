import { FormNotice } from "~/components/form-notice";

/**
 * A line the shop can no longer sell (sold out, or an event that has begun): said at the line, on
 * the cart and the order page, before the order is refused for it.
 */
export function LineUnavailable({ line }: { line: { available: boolean; past: boolean } }) {
  if (line.available) return null;
  return (
    <span className="block text-sm font-medium text-destructive">
      {line.past ? "Hat bereits begonnen" : "Nicht mehr erhältlich"} – bitte entferne diesen Artikel.
    </span>
  );
}

/** Items deleted from the catalogue left the cart (cart page and checkout say it the same way). */
export function RemovedItemsNotice({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <FormNotice
      tone="info"
      message="Dein Warenkorb wurde aktualisiert"
      description={
        count === 1
          ? "Ein Artikel ist nicht mehr im Angebot und wurde aus deinem Warenkorb entfernt."
          : `${count} Artikel sind nicht mehr im Angebot und wurden aus deinem Warenkorb entfernt.`
      }
    />
  );
}
