import { data } from "react-router";
import { hasControlCharacters, safeRedirectPath } from "~/lib/safe-redirect";

export const BAD_REDIRECT_MESSAGE = "Ungültiges Weiterleitungsziel.";

/**
 * A form's `redirectTo`: a same-origin path or the fallback. A value with control characters is
 * not a mistake a page makes but a crafted request: it is refused with 400 before anything runs
 * (a Location header with CR/LF would otherwise fail after the action already changed data).
 */
export function redirectTargetOf(formData: FormData, fallback: string) {
  const value = formData.get("redirectTo");
  if (hasControlCharacters(value)) throw data({ message: BAD_REDIRECT_MESSAGE }, { status: 400 });
  return safeRedirectPath(value, fallback);
}
