import { useFetcher } from "react-router";
import { FLAG_TEXTS, type Flag } from "~/lib/admin/kinds";
import { useHydrated } from "~/components/hydrated";

/**
 * show_on_startpage / show_on_offer straight from the list (spec §4 Offer flags). One small form per
 * checkbox: without JS the checkbox is ticked and 'Übernehmen' sends it; with JS a change submits at
 * once through a fetcher (the button is not rendered then), and focus stays on the box.
 */
export function FlagToggle({
  id,
  title,
  flag,
  checked,
  returnTo,
}: {
  id: string;
  title: string;
  flag: Flag;
  checked: boolean;
  returnTo: string;
}) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const label = `${FLAG_TEXTS[flag].column}: ${title}`;
  // While saving, the box shows the choice on its way; then what the server stored. One element all
  // along (not disabled, not remounted), so keyboard focus stays on it.
  const busy = fetcher.state !== "idle";
  const shown = fetcher.formData ? fetcher.formData.get("value") === "on" : checked;
  return (
    <fetcher.Form method="post" className="flex flex-col items-start gap-1">
      <input type="hidden" name="intent" value="flag" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="flag" value={flag} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <input
        type="checkbox"
        name="value"
        aria-label={label}
        checked={shown}
        aria-disabled={busy || undefined}
        onClick={(event) => {
          if (busy) event.preventDefault();
        }}
        onChange={(event) => fetcher.submit(event.currentTarget.form)}
        className="size-6 accent-primary"
      />
      {hydrated ? null : (
        <button
          type="submit"
          aria-label={`Übernehmen (${label})`}
          className="min-h-11 rounded-md border border-input px-2 text-xs font-medium hover:bg-accent"
        >
          Übernehmen
        </button>
      )}
    </fetcher.Form>
  );
}
