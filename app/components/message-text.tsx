import { PROFILE_MESSAGES } from "~/lib/schemas/profile";

/** The spec's English messages, longest first, so a prefix never hides a longer one. */
const ENGLISH = Object.values(PROFILE_MESSAGES).sort((a, b) => b.length - a.length);

/**
 * A message for a toast, notice or alert. The spec writes some in English ("Profile updated
 * successfully", "Error updating profile: " before a German reason): that part is marked
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
