// A chart as a file that stands on its own (a slide, a ticket): its title, the runs it shows, the
// axis labels and the legend around the drawn chart. One SVG document is composed from the
// chart's own <svg> and that text, and the PNG is that SVG drawn on a canvas at 2x, so both
// exports hold the same content. Exports are always light (white paper): the app's theme
// colours come from CSS variables that a detached file cannot see, so an embedded stylesheet
// gives the axes, grid and labels literal light colours; the series colours read on both.

export type LegendEntry = { name: string; color: string; dash?: string };

export type ChartExport = {
  title: string;
  /** Under the title, e.g. "Runs #3, #4, #12" (wrapped to the width). */
  subtitle?: string;
  /** The y axis' quantity and unit, above the plot: "Latency (ms)". */
  yLabel?: string;
  /** Under the plot: "Seconds since load start". */
  xLabel?: string;
  legend: readonly LegendEntry[];
};

const PAD = 16;
const LINE = 18;
const CHAR_W = 7; // a 12px system-ui character, on average: the layout's guess where nothing measures text
const SWATCH = 22;

// Light theme values of styles.css (--text, --muted, --border): a file is read on white.
const EXPORT_CSS = [
  "text { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }",
  ".x-title { font-size: 16px; font-weight: 600; fill: #1d232b; }",
  ".x-note, .x-axis-label, .x-legend { font-size: 12px; fill: #1d232b; }",
  ".x-note { fill: #5b6573; }",
  ".recharts-text, .recharts-cartesian-axis-tick-value { fill: #5b6573; font-size: 12px; }",
  ".recharts-label { fill: #1d232b; }",
  ".recharts-cartesian-grid line { stroke: #d9dde3; }",
  ".recharts-cartesian-axis-line, .recharts-cartesian-axis-tick-line, .recharts-reference-line-line { stroke: #5b6573; }",
].join("\n");

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);
}

/** Width in px of a 12px line of text; the browser measures it (textWidth), tests estimate. */
export type Measure = (text: string) => number;
const estimate: Measure = (text) => text.length * CHAR_W;

/** Lines of at most `width` px, broken at spaces. */
export function wrapText(text: string, width: number): string[] {
  const max = Math.max(10, Math.floor(width / CHAR_W));
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** Legend entries flowed into rows across `width`: each entry's top-left corner. */
export function layoutLegend(legend: readonly LegendEntry[], width: number, measure: Measure = estimate): { x: number; y: number; entry: LegendEntry }[] {
  const placed: { x: number; y: number; entry: LegendEntry }[] = [];
  let x = 0;
  let y = 0;
  for (const entry of legend) {
    const w = SWATCH + 6 + measure(entry.name) + 18;
    if (x > 0 && x + w > width) {
      x = 0;
      y += LINE;
    }
    placed.push({ x, y, entry });
    x += w;
  }
  return placed;
}

/**
 * The standalone SVG document: title, subtitle, y label, the chart's serialized <svg> (drawn at
 * `chartWidth` x `chartHeight`), x label and legend. Pure, so what a file holds is tested.
 */
export function composeExportSvg(chartSvg: string, chartWidth: number, chartHeight: number, info: ChartExport, measure: Measure = estimate): { svg: string; width: number; height: number } {
  const width = Math.max(Math.ceil(chartWidth) + 2 * PAD, 480);
  const inner = width - 2 * PAD;
  const parts: string[] = [];
  let y = PAD + 16;
  parts.push(`<text class="x-title" x="${PAD}" y="${y}">${escapeXml(info.title)}</text>`);
  for (const line of info.subtitle ? wrapText(info.subtitle, inner) : []) {
    y += LINE;
    parts.push(`<text class="x-note" x="${PAD}" y="${y}">${escapeXml(line)}</text>`);
  }
  if (info.yLabel) {
    y += LINE + 4;
    parts.push(`<text class="x-axis-label" x="${PAD}" y="${y}">${escapeXml(info.yLabel)}</text>`);
  }
  y += 8;
  parts.push(`<g transform="translate(${PAD} ${y})">${chartSvg}</g>`);
  y += chartHeight;
  if (info.xLabel) {
    y += LINE;
    parts.push(`<text class="x-axis-label" x="${PAD + chartWidth / 2}" y="${y}" text-anchor="middle">${escapeXml(info.xLabel)}</text>`);
  }
  if (info.legend.length) {
    const top = y + LINE + 8;
    const placed = layoutLegend(info.legend, inner, measure);
    for (const { x, y: dy, entry } of placed) {
      const ly = top + dy;
      const dash = entry.dash ? ` stroke-dasharray="${escapeXml(entry.dash)}"` : "";
      parts.push(
        `<line x1="${PAD + x}" x2="${PAD + x + SWATCH}" y1="${ly - 4}" y2="${ly - 4}" stroke="${escapeXml(entry.color)}" stroke-width="3"${dash}/>`,
        `<text class="x-legend" x="${PAD + x + SWATCH + 6}" y="${ly}">${escapeXml(entry.name)}</text>`,
      );
    }
    y = top + placed[placed.length - 1].y;
  }
  const height = Math.ceil(y + PAD);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<style>${EXPORT_CSS}</style><rect width="100%" height="100%" fill="#ffffff"/>${parts.join("")}</svg>`;
  return { svg, width, height };
}

/** The chart's <svg>, serialized without what only the pointer put there (cursor, zoom selection). */
function serializeChart(container: HTMLElement): { text: string; width: number; height: number } {
  const svg = container.querySelector(".recharts-wrapper > svg.recharts-surface");
  if (!(svg instanceof SVGSVGElement)) throw new Error("no chart to export yet");
  const { width, height } = svg.getBoundingClientRect();
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.querySelectorAll(".recharts-tooltip-cursor, .recharts-reference-area, .recharts-active-dot").forEach((n) => n.remove());
  clone.setAttribute("width", String(width));
  clone.setAttribute("height", String(height));
  clone.removeAttribute("style");
  return { text: new XMLSerializer().serializeToString(clone), width, height };
}

export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The browser's width of the export's 12px legend text. */
function textWidth(): Measure {
  const ctx = document.createElement("canvas").getContext("2d");
  if (!ctx) return estimate;
  ctx.font = "12px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
  return (text) => ctx.measureText(text).width;
}

/** The chart in `container` as one standalone SVG document (title, legend, axis labels). */
export function chartSvg(container: HTMLElement, info: ChartExport): string {
  const chart = serializeChart(container);
  return composeExportSvg(chart.text, chart.width, chart.height, info, textWidth()).svg;
}

export function downloadChartSvg(container: HTMLElement, info: ChartExport, filename: string): void {
  downloadBlob(new Blob([chartSvg(container, info)], { type: "image/svg+xml;charset=utf-8" }), filename);
}

/** Each chart card on the page, by its plot box: what an HTML report needs to draw it again. */
export const chartsOnPage = new Map<HTMLElement, ChartExport>();

export async function downloadChartPng(container: HTMLElement, info: ChartExport, filename: string): Promise<void> {
  const chart = serializeChart(container);
  const { svg, width, height } = composeExportSvg(chart.text, chart.width, chart.height, info, textWidth());
  const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml;charset=utf-8" }));
  try {
    const image = new Image();
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error("the chart's SVG could not be drawn"));
      image.src = url;
    });
    const scale = 2;
    const canvas = document.createElement("canvas");
    canvas.width = width * scale;
    canvas.height = height * scale;
    const ctx = canvas.getContext("2d")!;
    ctx.scale(scale, scale);
    ctx.drawImage(image, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
    if (!blob) throw new Error("the canvas could not be encoded");
    downloadBlob(blob, filename);
  } finally {
    URL.revokeObjectURL(url);
  }
}
