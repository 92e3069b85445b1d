import { createCookieSessionStorage } from "react-router";
import { createToastUtilsWithCustomSession } from "remix-toast";
import type { Toast } from "~/lib/toast";
import { cookieDefaults } from "~/server/members/session.server";

/**
 * The one toast helper. A flash cookie signed with our own secret (remix-toast's default secret
 * is public). Actions redirect with a toast (PRG) or, for a fetcher, answer data with one; the
 * root loader reads it once and renders it on the server, so it shows without JavaScript too.
 */
let storage: ReturnType<typeof createCookieSessionStorage> | undefined;
let utils: ReturnType<typeof createToastUtilsWithCustomSession> | undefined;

function toastStorage() {
  storage ??= createCookieSessionStorage({ cookie: { name: "toast", ...cookieDefaults() } });
  return storage;
}

function toastUtils() {
  utils ??= createToastUtilsWithCustomSession(toastStorage());
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
 * The request's toast, read once, and its cookie deleted. Without a toast cookie there is nothing
 * to read or delete, so the flash session (a measurable part of an anonymous page view) is skipped.
 * Deleted, not rewritten empty as remix-toast would: an empty toast cookie would stay until the
 * browser closes and keep every later page out of the page cache (server/page-cache.ts).
 */
export async function getToast(request: Request): Promise<{ toast: Toast | undefined; headers: Headers }> {
  const cookie = request.headers.get("Cookie");
  if (!TOAST_COOKIE.test(cookie ?? "")) return { toast: undefined, headers: new Headers() };
  const { toast } = await toastUtils().getToast(request);
  const headers = new Headers({
    "Set-Cookie": await toastStorage().destroySession(await toastStorage().getSession(cookie)),
  });
  return {
    toast: toast ? { type: toast.type, message: toast.message, description: toast.description } : undefined,
    headers,
  };
}
