import { data, type MiddlewareFunction } from "react-router";

/** What the shop's forms send: HTML forms and React Router's script submissions alike. */
const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/** The only routes that read JSON: the end-to-end hooks (E2E_TEST_HOOKS only). */
const JSON_ROUTES = new Set(["/__e2e/session", "/__e2e/clock", "/__e2e/jobs"]);

export const UNREADABLE_FORM_MESSAGE = "Die Anfrage konnte nicht gelesen werden. Bitte sende das Formular erneut.";

/**
 * Every action reads `request.formData()`, which throws on any other body type and on broken
 * multipart data; uncaught, that is a 500 for what is the client's mistake. So a request with a
 * body must be a readable form before any action runs: otherwise 415 (wrong type) or 400 (broken
 * multipart), shown by the error page in German. Urlencoded bodies always parse; only multipart
 * bodies (no form of the shop sends them) are parsed twice to check them.
 */
export const formBodyMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return next();
  if (JSON_ROUTES.has(new URL(request.url).pathname)) return next();
  const type = request.headers.get("content-type") ?? "";
  if (!FORM_TYPES.test(type)) throw data({ message: UNREADABLE_FORM_MESSAGE }, { status: 415 });
  if (/multipart\//i.test(type) && !(await isReadableMultipart(request, type))) {
    throw data({ message: UNREADABLE_FORM_MESSAGE }, { status: 400 });
  }
  if (hasOversizedListIndex(await fieldNamesOf(request, type))) {
    throw data({ message: UNREADABLE_FORM_MESSAGE }, { status: 400 });
  }
  return next();
};

/**
 * The largest list index a field name may carry (`lines[199].quantity`: a partial refund lists at
 * most 200 lines). The forms' parser builds a list up to the highest index it is sent, and an
 * answer that sends the typed form back serialises every empty place: `x[99999999]=1`, 17 bytes,
 * made a reply of hundreds of megabytes and ran the server out of memory.
 */
const MAX_LIST_INDEX_DIGITS = 3;

export function hasOversizedListIndex(names: Iterable<string>) {
  for (const name of names) {
    for (const [, index] of name.matchAll(/\[(\d+)\]/g)) {
      if (index!.length > MAX_LIST_INDEX_DIGITS) return true;
    }
  }
  return false;
}

async function fieldNamesOf(request: Request, type: string): Promise<Iterable<string>> {
  if (/multipart\//i.test(type)) return (await request.clone().formData()).keys();
  return new URLSearchParams(await request.clone().text()).keys();
}

/**
 * A multipart body as browsers send it: it starts with its boundary, and it parses. Node 24's parser
 * skips whatever precedes the first boundary it finds, so a body whose first boundary is missing
 * read as a form without that field (an empty form, for the export) instead of being refused.
 */
async function isReadableMultipart(request: Request, type: string) {
  const boundary = /;\s*boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary || !(await request.clone().text()).startsWith(`--${boundary}\r\n`)) return false;
  return request
    .clone()
    .formData()
    .then(() => true)
    .catch(() => false);
}
