/**
 * CSV for German Excel: UTF-8 with BOM (so umlauts open correctly), ';' as separator, CRLF line ends,
 * RFC 4180 quoting, and protection against formula injection (a cell starting with =, +, -, @, tab
 * or CR is prefixed with an apostrophe so spreadsheet programs show it as text, OWASP advice).
 */
export const CSV_BOM = "\uFEFF";
export const CSV_SEPARATOR = ";";

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  if (/[";\r\n]/.test(text)) text = `"${text.replace(/"/g, '""')}"`;
  return text;
}

export function csvRow(cells: (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(CSV_SEPARATOR)}\r\n`;
}
