/** A cancellation as the admin list "Kündigungen" renders it (JSON from the loader). */
export interface AdminCancellationRow {
  id: string;
  created_at: string;
  kind: string;
  reason: string | null;
  name: string;
  email: string;
  contract_reference: string | null;
  wished_end: string | null;
  confirmation_email: string;
  /** The member it applies to; null: "nicht zugeordnet". */
  user_id: string | null;
  ends_at: string | null;
  withdrawn_at: string | null;
}

/** The address delete_my_account leaves where a deleted member's was (migration 20261206160000). */
export const ERASED_ADDRESS = "geloescht@anonymisiert.invalid";

/** The declaration was a member's who has since deleted their account: a record, nothing to match. */
export const ofDeletedAccount = (row: Pick<AdminCancellationRow, "confirmation_email">) =>
  row.confirmation_email === ERASED_ADDRESS;
