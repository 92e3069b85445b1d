import { createCookieSessionStorage } from "react-router";
import { createToastUtilsWithCustomSession } from "remix-toast";
import type { Toast } from "~/lib/toast";
import { cookieDefaults } from "~/server/members/session.server";

/**
 * The one toast helper. A flash cookie signed with our own secret (remix-toast's default secret
 * is public). Actions redirect with a toast (PRG) or, for a fetcher, answer data with one; the
 * root loader reads it once and renders it on the server, so it shows without JavaScript too.
 */
let utils: ReturnType<typeof createToastUtilsWithCustomSession> | undefined;

function toastUtils() {
  utils ??= createToastUtilsWithCustomSession(
    createCookieSessionStorage({ cookie: { name: "toast", ...cookieDefaults() } }),
  );
  return utils;
}

export type { Toast };

export const redirectWithToast = (url: string, toast: Toast, init?: ResponseInit) =>
  toastUtils().redirectWithToast(url, toast, init);
export const dataWithToast = <T>(data: T, toast: Toast, init?: ResponseInit) =>
  toastUtils().dataWithToast(data, toast, init);

/** The two most common toasts, spelled short. */
export const redirectWithSuccess = (url: string, toast: Omit<Toast, "type">, init?: ResponseInit) =>
  redirectWithToast(url, { ...toast, type: "success" }, init);
export const redirectWithError = (url: string, toast: Omit<Toast, "type">, init?: ResponseInit) =>
  redirectWithToast(url, { ...toast, type: "error" }, init);

const TOAST_COOKIE = /(?:^|;)\s*toast=/;

/**
 * The request's toast, read once and cleared. Without a toast cookie there is nothing to read or
 * clear, so the flash session (and its HMAC-signed Set-Cookie, a measurable part of an anonymous
 * page view) is skipped.
 */
export async function getToast(request: Request): Promise<{ toast: Toast | undefined; headers: Headers }> {
  if (!TOAST_COOKIE.test(request.headers.get("Cookie") ?? "")) return { toast: undefined, headers: new Headers() };
  const { toast, headers } = await toastUtils().getToast(request);
  return {
    toast: toast ? { type: toast.type, message: toast.message, description: toast.description } : undefined,
    headers,
  };
}
