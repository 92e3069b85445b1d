import { createCookieSessionStorage } from "react-router";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { cookieDefaults } from "./session.server";

/**
 * The one toast helper. A flash cookie signed with our own secret (remix-toast's default secret
 * is public). Actions redirect with a toast (PRG); the root loader reads it once and renders it
 * on the server, so it shows without JavaScript too.
 */
let utils: ReturnType<typeof createToastUtilsWithCustomSession> | undefined;

function toastUtils() {
  utils ??= createToastUtilsWithCustomSession(
    createCookieSessionStorage({ cookie: { name: "toast", ...cookieDefaults() } }),
  );
  return utils;
}

type ToastInput = { message: string; description?: string };

export const redirectWithSuccess = (url: string, toast: ToastInput, init?: ResponseInit) =>
  toastUtils().redirectWithSuccess(url, toast, init);
export const redirectWithError = (url: string, toast: ToastInput, init?: ResponseInit) =>
  toastUtils().redirectWithError(url, toast, init);
export const redirectWithInfo = (url: string, toast: ToastInput, init?: ResponseInit) =>
  toastUtils().redirectWithInfo(url, toast, init);
export const dataWithError = <T>(data: T, toast: ToastInput, init?: ResponseInit) =>
  toastUtils().dataWithError(data, toast, init);
export const dataWithSuccess = <T>(data: T, toast: ToastInput, init?: ResponseInit) =>
  toastUtils().dataWithSuccess(data, toast, init);
export const dataWithInfo = <T>(data: T, toast: ToastInput, init?: ResponseInit) =>
  toastUtils().dataWithInfo(data, toast, init);

const TOAST_COOKIE = /(?:^|;)\s*toast=/;

/**
 * The request's toast, read once and cleared. Without a toast cookie there is nothing to read or
 * clear, so the flash session (and its HMAC-signed Set-Cookie, a measurable part of an anonymous
 * page view) is skipped.
 */
export const getToast = async (request: Request): ReturnType<ReturnType<typeof toastUtils>["getToast"]> =>
  TOAST_COOKIE.test(request.headers.get("Cookie") ?? "")
    ? toastUtils().getToast(request)
    : { toast: undefined, headers: new Headers() };
