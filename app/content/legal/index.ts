/**
 * Legal texts: Impressum (§ 5 DDG), Datenschutzerklärung (Art. 13 DSGVO) and AGB with
 * Widerrufsbelehrung, one module a page. They describe what this shop really stores. Operator values
 * are examples unless configured (app/server/platform/operator.server.ts); have the texts checked by a lawyer
 * before going live.
 */
import type { Operator } from "~/lib/operator";
import { agbPage } from "~/content/legal/agb";
import { legalContext, type LegalPage, type LegalSlug } from "~/content/legal/blocks";
import { datenschutzPage } from "~/content/legal/datenschutz";
import { impressumPage } from "~/content/legal/impressum";

export type { LegalBlock, LegalPage, LegalSection, LegalSlug } from "~/content/legal/blocks";
export { legalPageText } from "~/content/legal/blocks";

/**
 * The three legal pages for one operator (the route's loader passes the configured one). The
 * texts only read the operator; nothing here touches the server.
 */
export function legalPagesFor(
  operator: Operator,
  { shippingFee = 0 }: { shippingFee?: number } = {},
): Record<LegalSlug, LegalPage> {
  const context = legalContext(operator);
  return {
    impressum: impressumPage(context),
    datenschutz: datenschutzPage(context),
    agb: agbPage(context, shippingFee),
  };
}

export function isLegalSlug(value: string): value is LegalSlug {
  return value === "impressum" || value === "datenschutz" || value === "agb";
}
