import type { AnchorHTMLAttributes, ReactNode } from "react";
import { ExternalLinkIcon } from "~/components/ui/icons";

/** A link to another site, opened in a new tab, announced as such to screen readers. */
export function ExternalLink({
  href,
  children,
  showIcon = true,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; children: ReactNode; showIcon?: boolean }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      {showIcon ? <ExternalLinkIcon size={14} className="ml-1 inline-block align-[-1px]" /> : null}
      <span className="sr-only"> (öffnet in neuem Tab)</span>
    </a>
  );
}
