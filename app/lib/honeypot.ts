/**
 * A field people never see or fill in; bots that fill every input give themselves away.
 * The form renders <HoneypotField/>; the action calls isHoneypotFilled(formData).
 */
export const HONEYPOT_FIELD = "website_url";

export function isHoneypotFilled(formData: FormData) {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.length > 0;
}
