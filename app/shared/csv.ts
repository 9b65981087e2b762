/**
 * CSV for the console's daily work (issue 36 item 5, decision 109): the order export a courier's
 * bulk upload reads, and the courier's file of tracking numbers read back. RFC 4180 quoting, CRLF.
 */

/** Excel reads a CSV as the system's code page unless it starts with a byte-order mark. */
export const BOM = "\uFEFF";

/**
 * A cell a spreadsheet would run as a formula (= + - @, and the tab and carriage return that some
 * of them also read as a start) gets a leading apostrophe: the text shows, nothing runs.
 */
export function guardCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function quote(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Rows as one CSV document with the mark in front; numbers are written as they are. */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  const lines = rows.map((row) =>
    row.map((cell) => (typeof cell === "number" ? String(cell) : quote(guardCell(cell)))).join(","),
  );
  return `${BOM}${lines.join("\r\n")}\r\n`;
}

/**
 * A CSV document as rows of cells (quoted cells, doubled quotes, CRLF or LF; a leading mark is
 * dropped). Each row keeps the line number it started on, for messages that point at a line.
 */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const src = text.startsWith(BOM) ? text.slice(1) : text;
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === "\n") line++;
        cell += c;
      }
      continue;
    }
    if (c === '"' && cell === "") quoted = true;
    else if (c === ",") {
      cells.push(cell);
      cell = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && src[i + 1] === "\n") i++;
      cells.push(cell);
      rows.push({ line: rowLine, cells });
      cells = [];
      cell = "";
      line++;
      rowLine = line;
    } else cell += c;
  }
  if (cell !== "" || cells.length > 0) {
    cells.push(cell);
    rows.push({ line: rowLine, cells });
  }
  // Blank lines (a trailing newline, an empty row a spreadsheet left) are no rows.
  return rows.filter((r) => r.cells.some((c) => c.trim() !== ""));
}
