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
