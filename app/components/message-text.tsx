import { AUTH_MESSAGES, PROFILE_MESSAGES } from "~/lib/account-messages";

/** The spec's English messages, longest first, so a prefix never hides a longer one. */
const ENGLISH = [
  ...Object.values(PROFILE_MESSAGES),
  AUTH_MESSAGES.missingFields,
  AUTH_MESSAGES.signInFallback,
  AUTH_MESSAGES.signUpFallback,
  AUTH_MESSAGES.signUpSuccess,
  AUTH_MESSAGES.signOutError,
  AUTH_MESSAGES.signOutUnexpected,
].sort((a, b) => b.length - a.length);

/**
 * A message for a toast, notice or alert. The spec writes some in English ("Account created
 * successfully. You can now log in.", "Error updating profile: " before a German reason): that part is marked
 * `lang="en"` so a screen reader says it with an English voice (WCAG 3.1.2).
 */
export function MessageText({ text }: { text: string }) {
  const english = ENGLISH.find((prefix) => text.startsWith(prefix));
  if (!english) return text;
  return (
    <>
      <span lang="en">{english}</span>
      {text.slice(english.length)}
    </>
  );
}
