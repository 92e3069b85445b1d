// Fetches the public pages over HTTP from a running production server, the way a visitor without
// JavaScript receives them (for the HTML checker and the link checker).
import { cookiesOf, FORM_HEADERS, formBody } from "../../../../scripts/lib/app-server.mjs";
import { pageLabel, publicPages, SEEDED, type PublicPage } from "./public-pages";

export interface FetchedPage {
  page: PublicPage;
  label: string;
  status: number;
  html: string;
}

/** A cart cookie holding one seeded product, made through the cart's own form POST. */
export async function cartWithOneItem(base: string): Promise<string> {
  const response = await fetch(`${base}/cart`, {
    method: "POST",
    headers: FORM_HEADERS,
    body: formBody({ intent: "add", itemType: "product", itemId: SEEDED.product, quantity: "1" }),
    redirect: "manual",
  });
  if (response.status !== 302) throw new Error(`adding to the cart answered ${response.status}`);
  return cookiesOf(response);
}

export async function fetchPublicPages(base: string): Promise<FetchedPage[]> {
  const fetched: FetchedPage[] = [];
  for (const page of publicPages()) {
    const headers: Record<string, string> = {};
    if (page.withCartItem) headers.Cookie = await cartWithOneItem(base);
    const response = await fetch(`${base}${page.path}`, { headers, redirect: "manual" });
    fetched.push({ page, label: pageLabel(page), status: response.status, html: await response.text() });
  }
  return fetched;
}
