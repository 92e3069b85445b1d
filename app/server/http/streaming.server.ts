/** How long a document request waits for catalogue data before it streams skeletons instead. */
const DOCUMENT_GRACE_MS = 3000;
/**
 * How long a client-side navigation waits. Data that is there at once (the catalogue is held in
 * memory) renders in the same pass as the page: a skeleton rendered first made the page short for a
 * moment, and a step back restored its scroll position into that short page.
 */
const NAVIGATION_GRACE_MS = 100;

/**
 * Streams slow data, but never to a browser without JavaScript: a streamed Suspense boundary is
 * swapped in by an inline script, which such a browser never runs. So a document request (the only
 * kind a no-JS browser makes) waits up to DOCUMENT_GRACE_MS for the data and renders it inline;
 * client-side navigations (fetch, Sec-Fetch-Dest: empty) wait up to NAVIGATION_GRACE_MS, then get
 * the promise and show the skeleton cards while it resolves. Wrapped in an object so the promise is
 * not flattened.
 */
export async function streamOrAwait<T>(request: Request, promise: Promise<T>): Promise<{ value: T | Promise<T> }> {
  const graceMs = request.headers.get("sec-fetch-dest") === "empty" ? NAVIGATION_GRACE_MS : DOCUMENT_GRACE_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), graceMs);
  });
  const first = await Promise.race([promise, timeout]);
  clearTimeout(timer);
  return { value: first === TIMED_OUT ? promise : (first as T) };
}
const TIMED_OUT = Symbol("timed out");
