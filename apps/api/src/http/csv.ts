/**
 * CSV writing per RFC 4180 (CRLF line ends; a field with a comma, quote, CR or LF is quoted, quotes
 * doubled), made safe to open in a spreadsheet: text that starts like a formula (= + - @, or a tab
 * or CR that some programs skip first) gets a leading apostrophe, so it is shown, never evaluated.
 * User-typed text (names, locations, phone numbers) ends up in these cells.
 */
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return csvRow(header) + rows.map(csvRow).join('');
}
