// CSV text (RFC 4180 quoting) and a browser download of it.
import { downloadBlob } from "../../charts/exportChart";

export function toCsv(rows: (string | number | boolean | null | undefined)[][]): string {
  const cell = (v: string | number | boolean | null | undefined) => {
    const s = v == null ? "" : String(v);
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return rows.map((r) => r.map(cell).join(",")).join("\n") + "\n";
}

export function downloadCsv(rows: Parameters<typeof toCsv>[0], filename: string): void {
  downloadBlob(new Blob([toCsv(rows)], { type: "text/csv" }), filename);
}
