import { Outlet, useLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { AdminSidebar } from "~/components/admin/admin-nav";
import { useHydrated } from "~/components/hydrated";
import { requireAdmin } from "~/server/members/admin-guard.server";
import { CACHE_POLICY, cacheHeaders } from "~/server/http/cache-policy.server";

/**
 * Layout of every /admin route. The guard runs here first (middleware, before any child loader or
 * action starts) and again in each admin loader and action; RLS checks each query a third time.
 * Admin answers are never cached (documents and data requests alike).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ context, request }, next) => {
    await requireAdmin(context, request);
    const response = await next();
    response.headers.set("Cache-Control", CACHE_POLICY.admin);
    return response;
  },
];

export const headers: Route.HeadersFunction = () => cacheHeaders("admin");

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { user } = await requireAdmin(context);
  return { email: user.email };
}

export default function AdminLayout() {
  const { email } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  return (
    <div
      className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 lg:flex-row lg:gap-8"
      data-admin-hydrated={hydrated ? "true" : undefined}
    >
      {/* Printed pages (the check-in list) are the content alone. */}
      <div className="contents print:hidden">
        <AdminSidebar email={email} />
      </div>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
