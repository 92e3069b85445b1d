import { redirect } from "react-router";
import type { Route } from "./+types/theme";
import { themeCookie } from "~/server/members/session.server";
import { isTheme } from "~/server/http/theme.server";
import { redirectTargetOf } from "~/server/http/redirect-target.server";

/** The theme switcher posts here (works without JavaScript) and returns to the page it came from. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const theme = form.get("theme");
  const back = redirectTargetOf(form, "/");
  if (!isTheme(theme)) return redirect(back);
  return redirect(back, { headers: { "Set-Cookie": await themeCookie().serialize(theme) } });
}

export function loader() {
  return redirect("/");
}
