import { MessageText } from "~/components/message-text";

/** A dashboard panel whose data could not be loaded says so in place of its content. */
export function PanelError({ message }: { message: string }) {
  return (
    <p
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-950 dark:bg-red-950 dark:text-red-50"
    >
      <MessageText text={message} />
    </p>
  );
}
