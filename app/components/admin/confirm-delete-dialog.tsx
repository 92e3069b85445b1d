import { Form, Link } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";

/**
 * Delete confirmation (spec §2 Admin area), opened by ?delete=<id> so the server renders it and it
 * works without JS. 'Abbrechen' is a link back, 'Löschen' a POST.
 */
export function ConfirmDeleteDialog({
  id,
  title,
  closeHref,
  warning = null,
}: {
  id: string;
  title: string;
  closeHref: string;
  /** Who is left behind (bookings, a waitlist), said before the delete: deleteWarning. */
  warning?: string | null;
}) {
  return (
    <Dialog
      title="Sind Sie sicher?"
      // The warning is part of the description, so a screen reader reads it with the title.
      description={
        <>
          {`Diese Aktion kann nicht rückgängig gemacht werden. ${title} wird dauerhaft aus der Datenbank gelöscht.`}
          {warning ? <strong className="mt-2 block font-medium text-destructive">{warning}</strong> : null}
        </>
      }
      closeHref={closeHref}
      footer={
        <>
          <Link to={closeHref} replace preventScrollReset className={buttonClass("outline")}>
            Abbrechen
          </Link>
          <Form method="post" replace>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={id} />
            <input type="hidden" name="returnTo" value={closeHref} />
            <Button type="submit" variant="destructive">
              Löschen
            </Button>
          </Form>
        </>
      }
    />
  );
}
