const BASE = "http://same-origin.invalid";

/** Whether a submitted redirect target carries control characters (the request is then refused). */
export function hasControlCharacters(value: unknown) {
  if (typeof value !== "string") return false;
  // C0 controls, DEL and C1 controls: no real path contains them, and browsers drop some of them
  // (TAB, CR, LF) while parsing, so "/\t/evil.example" would become "//evil.example".
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/**
 * Only same-origin paths: the value is parsed the way a browser would resolve it against our origin,
 * and kept only when it stays there. Returns the parsed path (what the browser will request), so
 * "/\\evil.example", "//evil.example" and "https://…" fall back.
 */
export function safeRedirectPath(value: unknown, fallback: string) {
  if (typeof value !== "string" || !value.startsWith("/") || hasControlCharacters(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  // "/..//evil.example" stays on our origin but normalises to "//evil.example", which a browser
  // reading it as a Location would treat as another host.
  if (url.origin !== BASE || url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page that brings the member back to `path` (a same-origin path) afterwards. */
export function signInHref(path: string) {
  return `/auth?${new URLSearchParams({ redirectTo: path })}`;
}
