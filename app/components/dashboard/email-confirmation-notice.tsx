import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { EMAIL_CONFIRMATION } from "~/lib/email-confirmation";

/** Shown on the dashboard until the account's address is confirmed; the button works without JS. */
export function EmailConfirmationNotice({ email }: { email: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/auth/confirm";
  return (
    <div
      role="status"
      data-testid="email-confirmation-notice"
      className="mt-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <p className="font-medium">{EMAIL_CONFIRMATION.noticeTitle}</p>
      <p className="mt-1">{EMAIL_CONFIRMATION.noticeText.replace("{email}", email)}</p>
      <Form method="post" action="/auth/confirm" className="mt-3">
        <input type="hidden" name="intent" value="resend" />
        <Button type="submit" variant="outline" size="sm" pending={busy}>
          {EMAIL_CONFIRMATION.resend}
        </Button>
      </Form>
    </div>
  );
}
