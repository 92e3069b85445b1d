import { env } from "~/server/platform/env.server";

/**
 * The absolute URL of a path on the public origin (PUBLIC_URL), never the request's Host header:
 * canonical links, the sitemap, and every link in a mail.
 */
export function publicUrl(path: string) {
  return new URL(path, env().PUBLIC_URL).toString();
}
