import { Suspense } from "react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Await, data, Link, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/profiles";
import { AdminErrorNotice, AdminList, AdminPageHeader, AdminTable, cellClass } from "~/components/admin/admin-list";
import { MembershipAdmin, type MembershipAnswer } from "~/components/admin/membership-admin";
import { buttonClass } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { Skeleton } from "~/components/ui/skeleton";
import {
  emptyPage,
  listHref,
  readListParams,
  safeAdminPath,
  type ListParams,
  type Page,
} from "~/lib/admin/list-params";
import { membershipAdminSchema } from "~/lib/schemas/admin";
import { formatDate } from "~/lib/format";
import { auditFor } from "~/server/admin/audit.server";
import { withViewer, type Viewer } from "~/server/db/db.server";
import { readSqlError } from "~/server/db/sql-errors.server";
import { adminFailure, requireAdmin, type AdminNotice } from "~/server/members/admin-guard.server";
import { getProfileAdmin, listProfilesAdmin, type ProfileRow } from "~/server/members/admin-profiles.server";
import { getMembershipAdmin, listPlans, setMembershipByAdmin } from "~/server/members/memberships.server";
import { redirectWithSuccess } from "~/server/http/toast.server";
import { isUuid } from "~/lib/uuid";
import { BreakableAddress, BreakableName } from "~/components/breakable-address";

export const meta: Route.MetaFunction = () => [{ title: "User Profiles – BeHappy Admin" }];

type ListResult = { list: Page<ProfileRow>; error: AdminNotice | null };

async function loadList(viewer: Viewer, params: ListParams): Promise<ListResult> {
  try {
    return { list: await withViewer(viewer, (tx) => listProfilesAdmin(tx, params)), error: null };
  } catch (error) {
    return {
      list: emptyPage(params.q),
      error: adminFailure("Fehler beim Laden der Profile", error),
    };
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer } = await requireAdmin(context);
  const url = new URL(request.url);
  const params = readListParams(url.searchParams);
  const profileId = url.searchParams.get("profile");
  // Client navigations stream the table (three placeholder cards meanwhile). A document request
  // waits for it: a browser without JavaScript could never swap streamed content in.
  const listPromise = loadList(viewer, params);
  const streaming = request.headers.get("sec-fetch-dest") === "empty";
  const [listed, profile] = await Promise.all([
    streaming ? null : listPromise,
    isUuid(profileId)
      ? withViewer(viewer, async (tx) => {
          const found = await getProfileAdmin(tx, profileId);
          if (!found) return null;
          const [membership, plans, history] = await Promise.all([
            getMembershipAdmin(tx, profileId),
            listPlans(tx),
            auditFor(tx, "memberships", profileId),
          ]);
          return { ...found, membership, history, plans: plans.map((p) => ({ plan: p.plan, name: p.name })) };
        }).catch((error) => {
          adminFailure("Fehler beim Laden des Profils", error);
          return null;
        })
      : Promise.resolve(null),
  ]);
  return { result: streaming ? listPromise : (listed as ListResult), params, profile };
}

const MEMBERSHIP_DONE: Record<string, string> = {
  grant: "Die Mitgliedschaft wurde vergeben.",
  extend: "Die Mitgliedschaft wurde verlängert.",
  end: "Die Mitgliedschaft wurde beendet.",
};

/** Membership by hand: parse → admin_set_membership (checks the admin, audits the reason) → respond. */
export async function action({ request, context }: Route.ActionArgs) {
  const { viewer } = await requireAdmin(context);
  const formData = await request.formData();
  const returnTo = safeAdminPath(formData.get("returnTo"), "/admin/profiles");
  const typed = {
    reason: String(formData.get("reason") ?? ""),
    action: String(formData.get("action") ?? "grant"),
    plan: String(formData.get("plan") ?? ""),
  };
  const submission = parseWithZod(formData, { schema: membershipAdminSchema });
  if (submission.status !== "success") {
    // The first field with a problem gets it at its control.
    const [field, messages] = Object.entries(submission.error ?? {}).find(([, m]) => m && m.length > 0) ?? [];
    const answer: MembershipAnswer = {
      ...typed,
      error: messages?.[0] ?? "Bitte prüfe deine Eingaben.",
      field: field === "action" || field === "plan" || field === "reason" ? field : undefined,
    };
    return data({ membership: answer }, { status: 400 });
  }
  const { userId, action: change, plan, reason } = submission.value;
  try {
    await withViewer(viewer, (tx) =>
      setMembershipByAdmin(tx, { userId, action: change, plan: change === "grant" ? (plan ?? null) : null, reason }),
    );
  } catch (error) {
    const { text, status } = readSqlError(error, "admin");
    const notice = adminFailure("Mitgliedschaft nicht geändert", error);
    return data({ membership: { ...typed, error: text ?? notice.description } }, { status });
  }
  return redirectWithSuccess(returnTo, { message: "Mitgliedschaft gespeichert", description: MEMBERSHIP_DONE[change] });
}

function Placeholders() {
  return (
    <div role="status" aria-live="polite" className="mt-6 grid gap-4">
      <span className="sr-only">Lade Daten...</span>
      {[0, 1, 2].map((i) => (
        <div key={i} aria-hidden="true" className="rounded-xl border border-border bg-card p-6">
          <Skeleton className="h-5 w-1/3" />
          <Skeleton className="mt-3 h-4 w-1/2" />
          <Skeleton className="mt-2 h-4 w-1/4" />
        </div>
      ))}
    </div>
  );
}

const fullName = (p: ProfileRow) => [p.salutation, p.first_name, p.last_name].filter((v) => v && v.trim()).join(" ");

type DialogProfile = ProfileRow &
  Pick<NonNullable<Awaited<ReturnType<typeof loader>>["profile"]>, "membership" | "plans" | "history">;

function ProfileDialog({
  profile,
  closeHref,
  returnTo,
  answer,
}: {
  profile: DialogProfile;
  closeHref: string;
  returnTo: string;
  answer: MembershipAnswer | null;
}) {
  const address = [profile.street, profile.zipcode, profile.city, profile.country].filter((v) => v && v.trim());
  const withArea = (number: string) => [profile.areacode, number].filter((v) => v && v.trim()).join(" ");
  const row = (label: string, value: string) => (
    <>
      <dt className="font-medium">{label}</dt>
      <dd className="break-words">{value}</dd>
    </>
  );
  return (
    <Dialog title={<span lang="en">Profile Details</span>} closeHref={closeHref}>
      <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-2 text-sm">
        {row("Name", fullName(profile) || "–")}
        {row("E-Mail", profile.email ?? "–")}
        {address.length > 0 ? (
          <>
            <dt className="font-medium">Adresse</dt>
            <dd>
              {address.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </dd>
          </>
        ) : null}
        {profile.phone ? row("Telefon", withArea(profile.phone)) : null}
        {profile.mobile ? row("Mobil", withArea(profile.mobile)) : null}
        {row("Erstellt am", formatDate(profile.created_at))}
        {profile.updated_at ? row("Zuletzt aktualisiert", formatDate(profile.updated_at)) : null}
      </dl>
      <MembershipAdmin
        userId={profile.id}
        membership={profile.membership}
        plans={profile.plans}
        history={profile.history}
        returnTo={returnTo}
        answer={answer}
      />
    </Dialog>
  );
}

function ProfileTable({ result }: { result: ListResult }) {
  const { list, error } = result;
  return (
    <>
      {error ? <AdminErrorNotice {...error} /> : null}
      <AdminList searchLabel="Nach Name oder E-Mail suchen" list={list} path="/admin/profiles">
        {/* The spec's English column names and link, said as English (WCAG 3.1.2). */}
        <AdminTable
          caption={<span lang="en">User Profiles</span>}
          head={["Name", <span lang="en">Email</span>, <span lang="en">Created</span>, <span lang="en">Actions</span>]}
        >
          {list.rows.map((p) => (
            <tr key={p.id}>
              <td className={cellClass}>{fullName(p) ? <BreakableName text={fullName(p)} /> : "–"}</td>
              <td className={`${cellClass} break-words`}>{p.email ? <BreakableAddress text={p.email} /> : "–"}</td>
              <td className={cellClass}>{formatDate(p.created_at)}</td>
              <td className={cellClass}>
                <Link
                  to={listHref("/admin/profiles", { q: list.q, page: list.page }, { profile: p.id })}
                  preventScrollReset
                  aria-label={`View Details: ${p.email ?? fullName(p)}`}
                  lang="en"
                  className={buttonClass("ghost", "sm")}
                >
                  View Details
                </Link>
              </td>
            </tr>
          ))}
        </AdminTable>
      </AdminList>
    </>
  );
}

export default function AdminProfiles() {
  const { result, params, profile } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <AdminPageHeader title={<span lang="en">User Profiles</span>} />
      {result instanceof Promise ? (
        <Suspense fallback={<Placeholders />}>
          <Await resolve={result}>{(resolved) => <ProfileTable result={resolved} />}</Await>
        </Suspense>
      ) : (
        // Already loaded (document request): no Suspense boundary, because React may stream a large
        // finished boundary after its fallback, which a browser without JavaScript never swaps in.
        <ProfileTable result={result} />
      )}
      {profile ? (
        <ProfileDialog
          profile={profile}
          closeHref={listHref("/admin/profiles", params)}
          returnTo={listHref("/admin/profiles", params, { profile: profile.id })}
          answer={actionData?.membership ?? null}
        />
      ) : null}
    </>
  );
}
