/**
 * The answer to a "Zuordnen" of one row (/admin/withdrawals, /admin/kuendigungen) when it did not
 * match: what was typed, and either why it was refused (at the field) or the addresses that differ
 * ("Trotzdem zuordnen" confirms that value).
 */
export interface MatchAnswer {
  id: string;
  value: string;
  error?: string;
  otherAddress?: string;
}
