// A page as one self-contained HTML file for people outside the team: it opens offline, with no
// script, stylesheet, font or image fetched from anywhere. Charts are the same standalone SVGs
// as "Download SVG" (title, legend, axis labels), inline; tables are the page's own, copied
// without their buttons and inputs; links point back to the haplab they came from.
import { chartSvg, chartsOnPage, downloadBlob } from "../charts/exportChart";

export type ReportSection = { heading: string; html: string };
export type Report = { title: string; subtitle?: string; source: string; generatedAt: Date; sections: ReportSection[] };

const CSS = `
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d232b; background: #fff;
  margin: 2rem auto; max-width: 1100px; padding: 0 1rem; line-height: 1.45; }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; } h2 { font-size: 1.15rem; margin: 2rem 0 .5rem; border-bottom: 1px solid #d9dee5; }
.meta { color: #5b6572; font-size: .9rem; }
table { border-collapse: collapse; width: 100%; font-size: .85rem; margin: .5rem 0; }
th, td { border: 1px solid #d9dee5; padding: .3rem .5rem; text-align: left; vertical-align: top; }
th { background: #f3f5f8; } .num { text-align: right; font-variant-numeric: tabular-nums; }
.badge { border: 1px solid #c9ced6; border-radius: 999px; padding: 0 .4rem; font-size: .8rem; }
.badge.ok { color: #0f6b35; border-color: #8fd0a8; } .badge.bad { color: #a32121; border-color: #e6a3a3; }
.muted { color: #5b6572; } svg { max-width: 100%; height: auto; display: block; margin: .5rem 0; }
code { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: .85em; }
`;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

/** The document: every section's HTML as given (built from the page's own, escaped, DOM). */
export function buildReport(report: Report): string {
  const sections = report.sections.map((s) => `<section>\n<h2>${escapeHtml(s.heading)}</h2>\n${s.html}\n</section>`).join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${escapeHtml(report.title)}</title>
<style>${CSS}</style>
</head>
<body>
<h1>${escapeHtml(report.title)}</h1>
${report.subtitle ? `<p class="meta">${escapeHtml(report.subtitle)}</p>` : ""}
<p class="meta">From ${escapeHtml(report.source)}, ${escapeHtml(report.generatedAt.toISOString().replace("T", " ").slice(0, 19))} UTC. A copy: the live page may have changed since.</p>
${sections}
</body>
</html>
`;
}

/** A copy of a part of the page for the report: no buttons, inputs or scripts, absolute links. */
export function staticCopy(element: Element, origin: string): string {
  const clone = element.cloneNode(true) as Element;
  clone.querySelectorAll("button, input, select, textarea, form, script, details > summary").forEach((n) => n.remove());
  clone.querySelectorAll("[data-report-skip]").forEach((n) => n.remove());
  clone.querySelectorAll("a[href]").forEach((a) => {
    const href = a.getAttribute("href") ?? "";
    a.setAttribute("href", href.startsWith("/") ? `${origin}${href}` : href);
  });
  clone.querySelectorAll("[style]").forEach((n) => n.removeAttribute("style"));
  return clone.outerHTML;
}

/** The page's report: its `[data-report]` parts (headed by their attribute) and its charts. */
export function reportOfPage(root: HTMLElement, title: string, subtitle?: string): string {
  const origin = window.location.origin;
  const sections: ReportSection[] = [...root.querySelectorAll<HTMLElement>("[data-report]")].map((part) => ({
    heading: part.dataset.report ?? "",
    html: staticCopy(part, origin),
  }));
  const charts = [...chartsOnPage.entries()].filter(([box]) => root.contains(box));
  for (const [box, info] of charts) {
    try {
      sections.push({ heading: info.title, html: chartSvg(box, info) });
    } catch {
      continue; // a chart still loading has nothing to copy
    }
  }
  return buildReport({ title, subtitle, source: window.location.href, generatedAt: new Date(), sections });
}

export function downloadReport(root: HTMLElement, title: string, filename: string, subtitle?: string): void {
  downloadBlob(new Blob([reportOfPage(root, title, subtitle)], { type: "text/html;charset=utf-8" }), filename);
}
