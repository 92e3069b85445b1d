import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/catalog-form";
import { AuditList } from "~/components/admin/audit-list";
import { CatalogFormFields } from "~/components/admin/catalog-form-fields";
import { useShopForm } from "~/components/conform";
import { FormNotice } from "~/components/form-notice";
import { Button, buttonClass } from "~/components/ui/button";
import { ADMIN_RETRY, KIND_TEXTS, kindFromPath, kindToasts, type AdminKind } from "~/lib/admin/kinds";
import { catalogFormSchemas } from "~/lib/schemas/admin";
import { withViewer } from "~/server/db/db.server";
import { readSqlError } from "~/server/db/sql-errors.server";
import { auditFor } from "~/server/admin/audit.server";
import { createCatalogItem, getCatalogForm, updateCatalogItem } from "~/server/catalog/admin-catalog.server";
import { adminFailure, requireAdmin } from "~/server/members/admin-guard.server";
import { isUuid } from "~/lib/uuid";
import { redirectWithError, redirectWithSuccess } from "~/server/http/toast.server";

/** /admin/{kind}/new (create) and /admin/{kind}/new/:id (edit), spec §2 and §5. */

function target(request: Request, id: string | undefined) {
  const kind = kindFromPath(new URL(request.url).pathname);
  if (!kind) throw new Response(null, { status: 404 });
  if (id !== undefined && !isUuid(id)) throw data(null, { status: 404 });
  return { kind, id };
}

const NEW_DEFAULTS: Record<string, string> = {
  price: "0",
  behappy_price: "0",
  vat_rate: "19",
  // Spec §5: availability defaults to true.
  availability: "on",
};

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Admin – BeHappy" }];
  const texts = KIND_TEXTS[loaderData.kind];
  return [{ title: `${loaderData.id ? texts.editHeading : texts.newHeading} – BeHappy Admin` }];
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { viewer } = await requireAdmin(context);
  const { kind, id } = target(request, params.id);
  // A new product is shipped unless the admin says otherwise (downloads and memberships are not).
  if (!id)
    return {
      kind,
      id: null,
      defaults: kind === "products" ? { ...NEW_DEFAULTS, shipped: "on" } : NEW_DEFAULTS,
      audit: [],
    };
  let found;
  try {
    found = await withViewer(viewer, async (tx) => {
      const values = await getCatalogForm(tx, kind, id);
      return values ? { values, audit: await auditFor(tx, kind, id) } : null;
    });
  } catch (error) {
    throw await redirectWithError(`/admin/${kind}`, adminFailure(kindToasts(kind).loadError, error, { kind, id }));
  }
  if (!found) throw data(null, { status: 404 });
  const defaults = Object.fromEntries(
    Object.entries(found.values).map(([key, value]) => [key, typeof value === "boolean" ? (value ? "on" : "") : value]),
  );
  return { kind, id, defaults, audit: found.audit };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { viewer } = await requireAdmin(context);
  const { kind, id } = target(request, params.id);
  const toasts = kindToasts(kind);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: catalogFormSchemas[kind] });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), notice: null }, { status: 400 });
  }
  const input = submission.value;
  let askToTellAttendees = false;
  try {
    if (id) {
      const updated = await withViewer(viewer, (tx) => updateCatalogItem(tx, kind, id, input));
      // Deleted meanwhile (or never there): back to the list with the spec's error toast, not a 500.
      if (!updated)
        return redirectWithError(`/admin/${kind}`, adminFailure(toasts.updateError, "no row updated", { kind, id }));
      askToTellAttendees = updated.askToTellAttendees;
    } else {
      await withViewer(viewer, (tx) => createCatalogItem(tx, kind, input));
    }
  } catch (error) {
    // The one rule the database enforces on a catalogue save: no fewer seats than are booked.
    const refusal = readSqlError(error, "admin");
    if (refusal.code === "P0001" && refusal.text) {
      return data(
        { result: submission.reply({ fieldErrors: { capacity: [refusal.text] } }), notice: null },
        { status: 409 },
      );
    }
    const notice = adminFailure(id ? toasts.updateFormError : toasts.createFormError, error, { kind, id });
    return data({ result: submission.reply({ formErrors: [notice.message] }), notice }, { status: 500 });
  }
  // Time or place of a booked event changed: the attendee list asks whether to tell them (issue 27).
  const next = askToTellAttendees ? `/admin/${kind}/${id}/teilnehmer?aenderung=1` : `/admin/${kind}`;
  return redirectWithSuccess(next, {
    message: id ? toasts.updated : toasts.created,
    description: `„${input.title}“ wurde gespeichert.`,
  });
}

export default function AdminCatalogForm() {
  const { kind, id, defaults, audit } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const texts = KIND_TEXTS[kind as AdminKind];
  const schema = catalogFormSchemas[kind as AdminKind];
  const [form, fields] = useShopForm({
    id: `admin-${kind}-${id ?? "new"}`,
    schema,
    lastResult: actionData?.result,
    defaultValue: defaults,
  });
  const saving = navigation.state === "submitting";

  return (
    <div className="max-w-3xl">
      <Link to={`/admin/${kind}`} className="text-sm underline">
        {texts.backToList}
      </Link>
      <h1 className="mt-3 text-3xl font-bold">{id ? texts.editHeading : texts.newHeading}</h1>
      {actionData?.notice ? (
        <FormNotice
          tone="error"
          message={actionData.notice.message}
          description={actionData.notice.description ?? ADMIN_RETRY}
        />
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        <CatalogFormFields kind={kind as AdminKind} fields={fields as never} />
        <div className="flex flex-wrap gap-3 pt-2">
          <Button type="submit" pending={saving}>
            {saving ? "Wird gespeichert..." : "Speichern"}
          </Button>
          <Link to={`/admin/${kind}`} className={buttonClass("outline")}>
            Abbrechen
          </Link>
        </div>
      </Form>
      {id ? <AuditList entries={audit} /> : null}
    </div>
  );
}
