import { parseWithZod } from "@conform-to/zod/v4";
import { data, useActionData, useLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/dashboard";
import { AccountCard } from "~/components/dashboard/account-card";
import { CancellationNotice } from "~/components/dashboard/cancellation-notice";
import { DashboardTabs, TabPanel, type DashboardTab } from "~/components/dashboard/dashboard-tabs";
import { EmailConfirmationNotice } from "~/components/dashboard/email-confirmation-notice";
import { MembershipCard } from "~/components/dashboard/membership-card";
import { OrdersPanel } from "~/components/dashboard/orders-panel";
import { ProfilePanel } from "~/components/dashboard/profile-panel";
import { PROFILE_MESSAGES } from "~/lib/account-messages";
import { profileSchema } from "~/lib/schemas/profile";
import { REGISTRATION_MESSAGES, registrationSchema } from "~/lib/schemas/registration";
import { authProvider, requireUser } from "~/server/members/auth.server";
import { isUuid } from "~/lib/uuid";
import { withViewer, type Viewer } from "~/server/db/db.server";
import { listInvoicesForOrders } from "~/server/orders/invoices.server";
import { logger } from "~/server/platform/log.server";
import {
  createMemberProfile,
  getMemberOrders,
  getMemberProfile,
  registerParticipant,
  saveMemberProfile,
} from "~/server/members/members.server";
import { getMyMembership } from "~/server/members/memberships.server";
import { getOpenCancellation, withdrawCancellation } from "~/server/members/cancellations.server";
import { renewalOffer } from "~/server/members/renewal.server";
import { shopNow } from "~/server/jobs/clock.server";
import { rethrowIfUnavailable } from "~/server/db/unavailable.server";
import { readSqlError } from "~/server/db/sql-errors.server";
import { redirectWithError, redirectWithSuccess } from "~/server/http/toast.server";
import { cacheHeaders, markPersonalToMember } from "~/server/http/cache-policy.server";
import { useRefocusAfterChange } from "~/components/use-refocus";

export const meta: Route.MetaFunction = () => [
  { title: "My Dashboard – BeHappy" },
  { name: "robots", content: "noindex" },
];

const NO_STORE = cacheHeaders("private");
const TRY_LATER = "Bitte versuche es später erneut.";

function readView(url: URL) {
  const tab: DashboardTab = url.searchParams.get("tab") === "profile" ? "profile" : "orders";
  const register = url.searchParams.get("register");
  return {
    tab,
    openItemId: tab === "orders" && isUuid(register) ? register : null,
    editing: tab === "profile" && url.searchParams.get("edit") === "1",
  };
}

/** A message a member may read: our SQL functions speak German; anything else stays in the log. */
function readableError(error: unknown) {
  return readSqlError(error, "member").text ?? TRY_LATER;
}

/**
 * A refused registration (409: the line filled up meanwhile) must show the fresh participant list,
 * as the full page does without JavaScript; React Router skips revalidation after 4xx by default.
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 ? true : defaultShouldRevalidate;
}

/**
 * The data of the tab shown (the other tab is not read). A failed read is the panel's error; an
 * unreachable database is the 503 page instead.
 */
async function loadOrdersTab(viewer: Viewer, userId: string) {
  try {
    const orders = await withViewer(viewer, (tx) => getMemberOrders(tx, userId));
    const invoices = await withViewer(viewer, (tx) =>
      listInvoicesForOrders(
        tx,
        orders.map((order) => order.id),
      ),
    );
    return { orders, invoices, error: null };
  } catch (error) {
    rethrowIfUnavailable(error);
    logger.error("dashboard orders failed", { error: (error as Error).message });
    return { orders: [], invoices: [], error: `Error fetching orders: ${readableError(error)}` };
  }
}

async function loadProfileTab(viewer: Viewer, userId: string) {
  try {
    return { profile: await withViewer(viewer, (tx) => getMemberProfile(tx, userId)), error: null };
  } catch (error) {
    rethrowIfUnavailable(error);
    logger.error("dashboard profile failed", { error: (error as Error).message });
    return { profile: null, error: PROFILE_MESSAGES.fetchError + readableError(error) };
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, viewer } = requireUser(context);
  const view = readView(new URL(request.url));
  const ordersTab = view.tab === "orders" ? await loadOrdersTab(viewer, user.id) : null;
  const profileTab = view.tab === "profile" ? await loadProfileTab(viewer, user.id) : null;
  // The page may be kept for this member (page cache) only when every read succeeded.
  let complete = !ordersTab?.error && !profileTab?.error;
  // A failed check shows no notice (the export and deletion rule is decided in SQL either way).
  const emailConfirmed = await authProvider()
    .isEmailConfirmed(request, user)
    .catch((error: Error) => {
      rethrowIfUnavailable(error);
      logger.error("e-mail confirmation check failed", { error: error.message });
      complete = false;
      return true;
    });
  // The membership card, with "Mitgliedschaft verlängern" from 30 days before a Yearly plan's end.
  const { membership, renewal } = await withViewer(viewer, async (tx) => {
    const status = await getMyMembership(tx);
    return { membership: status, renewal: await renewalOffer(tx, status, shopNow()) };
  }).catch((error: Error) => {
    rethrowIfUnavailable(error);
    logger.error("dashboard membership failed", { error: error.message });
    complete = false;
    return { membership: null, renewal: null };
  });
  const cancellation = await withViewer(viewer, (tx) => getOpenCancellation(tx, user.id)).catch((error: Error) => {
    rethrowIfUnavailable(error);
    logger.error("dashboard cancellation failed", { error: error.message });
    complete = false;
    return null;
  });
  if (complete) markPersonalToMember(context, user.id);
  return data(
    {
      ...view,
      accountEmail: user.email,
      emailConfirmed,
      ordersTab,
      profileTab,
      membership,
      cancellation,
      renewal,
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, viewer } = requireUser(context);
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "register") {
    const submission = parseWithZod(formData, { schema: registrationSchema });
    const orderItemId = String(formData.get("orderItemId") ?? "");
    if (submission.status !== "success") {
      return data({ intent, orderItemId, result: submission.reply(), notice: null }, { status: 400 });
    }
    try {
      const { remaining } = await withViewer(viewer, (tx) => registerParticipant(tx, submission.value));
      const next = remaining > 0 ? `/dashboard?tab=orders&register=${orderItemId}` : "/dashboard?tab=orders";
      return redirectWithSuccess(next, {
        message: REGISTRATION_MESSAGES.success,
        description: REGISTRATION_MESSAGES.submitted,
      });
    } catch (error) {
      const { code, text, expected, status } = readSqlError(error, "member");
      // The limit message (raised by register_participant) is the spec's own sentence; other
      // answers get the spec's error prefix.
      const notice =
        text === REGISTRATION_MESSAGES.limit
          ? REGISTRATION_MESSAGES.limit
          : REGISTRATION_MESSAGES.error + (text ?? TRY_LATER);
      if (!expected) logger.error("register_participant failed", { code, error: (error as Error).message });
      return data({ intent, orderItemId, result: submission.reply(), notice }, { status });
    }
  }

  if (intent === "create-profile") {
    try {
      await withViewer(viewer, (tx) => createMemberProfile(tx, user));
      return redirectWithSuccess("/dashboard?tab=profile", { message: PROFILE_MESSAGES.created });
    } catch (error) {
      logger.error("profile creation failed", { error: (error as Error).message });
      return redirectWithError("/dashboard?tab=profile", {
        message: PROFILE_MESSAGES.createError + readableError(error),
      });
    }
  }

  if (intent === "save-profile") {
    const submission = parseWithZod(formData, { schema: profileSchema });
    if (submission.status !== "success") {
      return data({ intent, orderItemId: null, result: submission.reply(), notice: null }, { status: 400 });
    }
    try {
      await withViewer(viewer, (tx) => saveMemberProfile(tx, user, submission.value));
      return redirectWithSuccess("/dashboard?tab=profile", { message: PROFILE_MESSAGES.updated });
    } catch (error) {
      const { code, text, status } = readSqlError(error, "member");
      logger.error("profile update failed", { code, error: (error as Error).message });
      const notice = PROFILE_MESSAGES.updateError + (text ?? TRY_LATER);
      // Invalid input, or a failure: the upsert has no rule that refuses.
      return data(
        { intent, orderItemId: null, result: submission.reply({ formErrors: [notice] }), notice },
        { status: status === 400 ? 400 : 500 },
      );
    }
  }

  if (intent === "withdraw-cancellation") {
    const id = formData.get("cancellationId");
    if (!isUuid(id)) throw data(null, { status: 400 });
    try {
      await withViewer(viewer, (tx) => withdrawCancellation(tx, user.id, id));
      return redirectWithSuccess("/dashboard", { message: "Kündigung zurückgenommen" });
    } catch (error) {
      const { text, expected } = readSqlError(error, "member");
      if (!expected) logger.error("withdraw cancellation failed", { error: (error as Error).message });
      return redirectWithError("/dashboard", { message: text ?? TRY_LATER });
    }
  }

  throw data(null, { status: 400 });
}

export default function DashboardPage() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const registration =
    actionData?.intent === "register" && actionData.orderItemId
      ? { orderItemId: actionData.orderItemId, result: actionData.result, notice: actionData.notice }
      : null;
  const profileAnswer =
    actionData?.intent === "save-profile" ? { result: actionData.result, notice: actionData.notice } : null;

  // "Kündigung zurücknehmen" takes its notice, and its button, away: focus goes to the page's title.
  const title = useRefocusAfterChange<HTMLHeadingElement>(page.cancellation?.id ?? "", { whenLost: true });

  return (
    <section className="mx-auto max-w-4xl px-4 py-12" aria-labelledby="dashboard-heading">
      {/* The spec's English wording: said as English by a screen reader (WCAG 3.1.2). */}
      <h1 id="dashboard-heading" ref={title} tabIndex={-1} lang="en" className="text-3xl font-bold focus:outline-none">
        My Dashboard
      </h1>
      <p className="mt-2 text-muted-foreground">Angemeldet als {page.accountEmail}</p>
      {page.emailConfirmed ? null : <EmailConfirmationNotice email={page.accountEmail} />}
      <MembershipCard membership={page.membership} renewal={page.renewal} />
      <CancellationNotice cancellation={page.cancellation} />
      <div className="mt-8">
        <DashboardTabs active={page.tab} />
        <TabPanel tab={page.tab}>
          {page.ordersTab ? (
            <OrdersPanel {...page.ordersTab} openItemId={page.openItemId} answer={registration} />
          ) : null}
          {page.profileTab ? (
            <>
              <ProfilePanel
                {...page.profileTab}
                accountEmail={page.accountEmail}
                editing={page.editing}
                answer={profileAnswer}
              />
              <AccountCard />
            </>
          ) : null}
        </TabPanel>
      </div>
    </section>
  );
}
