import { useEffect } from "react";
import { fieldProps, useAnswerKey, type FormField } from "~/components/conform";
import { Field, useServerAutoFocus } from "~/components/ui/field";
import { focusIsFree } from "~/components/use-refocus";

type Meta = FormField<string>;

export const NEW_PASSWORD_HINT = "Mindestens 8 Zeichen.";

/**
 * A password input. The server never sends a password back, so after each of its answers (`answer`,
 * the action data) the input starts empty, with JavaScript as without; typing never clears it.
 * Where the answer left focus nowhere (the submit button was disabled while it was on its way),
 * focus goes to the emptied input, ready for the retry; a field the form marked invalid keeps it.
 * Without JavaScript the answer is a new page: `notice`, the id of the form's notice about its
 * answer ("E-Mail oder Passwort ist falsch."), gives the input the page's autofocus, unless an
 * invalid field before it has it, and describes the input by it, so a screen reader says why.
 */
export function PasswordField({
  meta,
  label,
  answer,
  autoComplete,
  description,
  notice,
}: {
  meta: Meta;
  label: string;
  answer: object | null | undefined;
  autoComplete: "current-password" | "new-password";
  description?: string;
  notice?: string;
}) {
  const key = useAnswerKey(answer);
  const autoFocus = useServerAutoFocus(Boolean(notice));
  useEffect(() => {
    if (key === 0) return;
    if (focusIsFree()) document.getElementById(meta.id)?.focus();
  }, [key, meta.id]);
  return (
    <Field
      key={key}
      label={label}
      {...fieldProps(meta, { type: "password" })}
      autoComplete={autoComplete}
      description={description}
      alsoDescribedBy={notice}
      {...(autoFocus ? { autoFocus: true, suppressHydrationWarning: true } : {})}
    />
  );
}

/** The account's current password, asked again before a change that cannot wait for a mail (change, deletion). */
export function CurrentPasswordField({
  fields,
  label,
  answer,
}: {
  fields: Record<"currentPassword", Meta>;
  label: string;
  answer: object | null | undefined;
}) {
  return <PasswordField meta={fields.currentPassword} label={label} answer={answer} autoComplete="current-password" />;
}

/** A new password and its repetition (password reset and change). */
export function NewPasswordFields({
  fields,
  answer,
}: {
  fields: Record<"password" | "passwordConfirm", Meta>;
  answer: object | null | undefined;
}) {
  return (
    <>
      <PasswordField
        meta={fields.password}
        label="Neues Passwort"
        answer={answer}
        autoComplete="new-password"
        description={NEW_PASSWORD_HINT}
      />
      <PasswordField
        meta={fields.passwordConfirm}
        label="Neues Passwort wiederholen"
        answer={answer}
        autoComplete="new-password"
      />
    </>
  );
}
