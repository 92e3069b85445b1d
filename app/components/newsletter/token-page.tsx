import type { ReactNode } from "react";
import { AlertCircleIcon, CheckCircleIcon, MailIcon } from "~/components/ui/icons";
import { cn } from "~/components/ui/cn";

/** Layout of the confirm and unsubscribe pages (reached from links in mails). */
export function NewsletterTokenPage({
  title,
  tone = "neutral",
  children,
}: {
  title: string;
  tone?: "neutral" | "success" | "error";
  children: ReactNode;
}) {
  const Icon = tone === "success" ? CheckCircleIcon : tone === "error" ? AlertCircleIcon : MailIcon;
  return (
    <div className="mx-auto max-w-xl px-4 py-20 sm:px-6">
      <div
        role={tone === "neutral" ? undefined : "status"}
        className="rounded-2xl border border-border bg-card p-8 text-center shadow-sm"
      >
        <Icon
          size={44}
          className={cn(
            "mx-auto",
            tone === "success" ? "text-success" : tone === "error" ? "text-destructive" : "text-primary",
          )}
        />
        <h1 className="mt-4 text-3xl font-bold tracking-tight">{title}</h1>
        <div className="mt-4 text-muted-foreground">{children}</div>
      </div>
    </div>
  );
}
