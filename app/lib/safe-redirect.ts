/** Only same-site paths: "/x" is fine, "//evil.example" and "https://…" fall back. */
export function safeRedirectPath(value: unknown, fallback: string) {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return fallback;
  }
  return value;
}
