import { describe, expect, it } from "vitest";

import { axisTick, compactNumber, durationMs, quantity } from "../format/units";
import { composeExportSvg, layoutLegend, wrapText } from "./exportChart";
import { naturalCompare, sortNatural } from "./naturalSort";
import { assignColors, ERROR_TONES, errorStyle, PALETTE, SUCCESS } from "./palette";
import { placeReferenceLabels } from "./referenceLines";
import { axisWidth, niceStep, timeTicks, valueAxis, valueScale, verticalLinesAtTicks } from "./axes";
import { bandPath, linePath } from "./SeriesLayer";
import { movingAverage, smoothedKey } from "./smoothing";
import { rowsInRange, zoomRange } from "./zoom";

// WCAG relative luminance and contrast ratio.
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

describe("palette", () => {
  it("gives a run the same colour whatever order or chart lists it in", () => {
    const overlay = assignColors([12, 2, 11]);
    const spectrum = assignColors(["11", "12", "2", 2]);
    expect(spectrum).toEqual(overlay);
    // Handed out in natural order: #2 gets the first colour, #11 the second.
    expect([overlay.get("2"), overlay.get("11"), overlay.get("12")]).toEqual([PALETTE[0], PALETTE[1], PALETTE[2]]);
  });

  it("reads on the light and the dark surface (3:1 for graphics)", () => {
    for (const color of [...PALETTE, SUCCESS, ...ERROR_TONES]) {
      expect(contrast(color, "#ffffff"), color).toBeGreaterThanOrEqual(3);
      expect(contrast(color, "#15181d"), color).toBeGreaterThanOrEqual(3);
    }
  });

  it("draws errors in reds, telling kinds apart by dash once tones pair up", () => {
    expect(errorStyle(0)).toEqual({ color: ERROR_TONES[0], dash: undefined });
    const styles = ERROR_TONES.map((_, i) => JSON.stringify(errorStyle(i)));
    expect(new Set(styles).size).toBe(ERROR_TONES.length);
    expect(ERROR_TONES).not.toContain(SUCCESS);
  });
});

describe("natural sort", () => {
  it("puts #2 before #11", () => {
    expect(sortNatural(["#11 maxconn=20", "#2 maxconn=100", "#1", "#12"], (s) => s)).toEqual(["#1", "#2 maxconn=100", "#11 maxconn=20", "#12"]);
    expect(naturalCompare("maxconn=20", "maxconn=100")).toBeLessThan(0);
  });
});

describe("movingAverage", () => {
  const rows = [
    { t: -2, v: 10 },
    { t: -1, v: 20 },
    { t: 0, v: null },
    { t: 1, v: 30 },
    { t: 2, v: 40 },
    { t: 3, v: 50 },
    { t: 9, v: 60 },
  ];
  it("averages the seconds it has at the start, skips gaps and keeps the raw column", () => {
    const out = movingAverage(rows, ["v"], 5);
    const avg = out.map((r) => r[smoothedKey("v")]);
    expect(avg[0]).toBe(10); // only t=-2 so far
    expect(avg[1]).toBe(15);
    expect(avg[2]).toBe(15); // t=0 is missing: not a zero
    expect(avg[5]).toBeCloseTo((20 + 30 + 40 + 50) / 4); // (−2, 3]: t=-2 has left the window
    expect(avg[6]).toBe(60); // nothing else in (4, 9]
    expect(out.map((r) => r.v)).toEqual(rows.map((r) => r.v));
  });

  it("leaves a point missing when its whole window is", () => {
    const out = movingAverage([{ t: 0, v: null }, { t: 10, v: null }], ["v"]);
    expect(out.map((r) => r[smoothedKey("v")])).toEqual([null, null]);
  });
});

describe("ticks and quantities", () => {
  it("formats latency ticks compactly with their unit, never 0500ms", () => {
    expect([0, 500, 1000, 1500, 90_000].map((v) => axisTick(v, "ms"))).toEqual(["0 ms", "500 ms", "1 s", "1.5 s", "1.5 min"]);
    expect(durationMs(0.45)).toBe("0.45 ms");
  });
  it("keeps bytes and percentages in their unit and counts short", () => {
    expect(axisTick(12_345, "B/s")).toBe("12.35 kB/s");
    expect(axisTick(40, "%")).toBe("40%");
    expect([950, 1200, 25_000, 3_400_000].map(compactNumber)).toEqual(["950", "1.2k", "25k", "3.4M"]);
    expect(axisTick(1200, "req/s")).toBe("1.2k"); // the axis label says req/s
    expect(quantity(1200, "req/s")).toBe("1.2k req/s");
  });
});

describe("reference lines", () => {
  it("puts the higher label above its line and the lower below, so close lines never collide", () => {
    const placed = placeReferenceLabels([
      { y: 51, label: "p99" },
      { y: 50, label: "p50" },
    ]);
    expect(placed.map((m) => [m.label, m.position])).toEqual([
      ["p50", "insideTopRight"],
      ["p99", "insideBottomRight"],
    ]);
  });
});

describe("zoom", () => {
  it("orders the dragged ends and ignores a click", () => {
    expect(zoomRange(12, 3)).toEqual({ from: 3, to: 12 });
    expect(zoomRange(4, 4)).toBeNull();
    expect(zoomRange(undefined, 4)).toBeNull();
    expect(rowsInRange([{ t: 1 }, { t: 3 }, { t: 12 }, { t: 13 }], { from: 3, to: 12 }).map((r) => r.t)).toEqual([3, 12]);
  });
});

describe("export", () => {
  it("holds the title, the runs, axis labels and the legend around the chart", () => {
    const { svg, width, height } = composeExportSvg('<svg class="chart"></svg>', 600, 300, {
      title: "Latency p99 (ms) vs maxconn",
      subtitle: "Runs #2, #11",
      yLabel: "Latency p99 (ms)",
      xLabel: "proxy.global.maxconn",
      legend: [
        { name: "#2 maxconn=10", color: PALETTE[0] },
        { name: "asked <50> req/s", color: PALETTE[9], dash: "6 4" },
      ],
    });
    expect(svg).toContain(">Latency p99 (ms) vs maxconn</text>");
    expect(svg).toContain(">Runs #2, #11</text>");
    expect(svg).toContain(">proxy.global.maxconn</text>");
    expect(svg).toContain(">#2 maxconn=10</text>");
    expect(svg).toContain("asked &lt;50&gt; req/s");
    expect(svg).toContain('stroke-dasharray="6 4"');
    expect(svg).toContain('<svg class="chart"></svg>');
    expect(width).toBe(632);
    expect(height).toBeGreaterThan(300 + 4 * 18);
  });

  it("wraps long run lists and flows legend entries into rows", () => {
    expect(wrapText("Runs #1, #2, #3", 70)).toEqual(["Runs #1,", "#2, #3"]);
    const placed = layoutLegend(Array.from({ length: 6 }, (_, i) => ({ name: `#${i} maxconn=${i * 10}`, color: PALETTE[i] })), 300);
    expect(placed[0]).toMatchObject({ x: 0, y: 0 });
    expect(Math.max(...placed.map((p) => p.y))).toBeGreaterThan(0);
  });
});

describe("axes", () => {
  it("puts a value axis from zero to a round top, with round ticks", () => {
    expect(valueScale([{ v: 2.01 }], ["v"])).toEqual({ domain: [0, 3], ticks: [0, 1, 2, 3] });
    expect(valueScale([{ v: 9.5 }], ["v"]).ticks).toEqual([0, 2.5, 5, 7.5, 10]);
    // A reference line at 2,010 ms gets room for its label: 0, 1 s, 2 s, 3 s.
    expect(valueScale([{ v: 1000 }], ["v"], [2010]).ticks).toEqual([0, 1000, 2000, 3000]);
    expect(valueScale([{ a: 37, b: null }, { a: -4, b: 80 }], ["a", "b"])).toEqual({ domain: [-25, 100], ticks: [-25, 0, 25, 50, 75, 100] });
    expect(valueScale([], ["a"]).domain).toEqual([0, 1]);
    expect([0.553, 7.5, 250].map((r) => niceStep(r, 1))).toEqual([1, 10, 250]);
    // Wide enough for its longest label, so "500 ms" is never cut to "0500ms".
    expect(axisWidth(["0 ms", "500 ms", "1 s"])).toBe(6 * 7 + 14);
    // The value axis draws exactly those ticks, in the unit, as wide as its longest label.
    const axis = valueAxis({ domain: [0, 1000], ticks: [0, 500, 1000] }, "ms");
    expect([axis.ticks, axis.interval, axis.domain, axis.width]).toEqual([[0, 500, 1000], 0, [0, 1000], 6 * 7 + 14]);
    expect(axis.tickFormatter(500)).toBe("500 ms");
  });

  it("puts time ticks on round seconds through the load's start", () => {
    expect(timeTicks(-2, 59)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(timeTicks(-10, 20)).toEqual([-10, -5, 0, 5, 10, 15, 20]);
    expect(timeTicks(3, 3)).toEqual([3]);
    // Fewer on a narrow chart (TimeChart gives one per 64 px): still round steps through 0.
    expect(timeTicks(-2, 59, 4)).toEqual([0, 15, 30, 45]);
  });

  it("puts vertical grid lines at the x axis' ticks, through its scale", () => {
    const scale = { map: (v: unknown) => (typeof v === "number" && v <= 60 ? 100 + v * 10 : undefined) };
    const at = (xAxis: object | undefined) => verticalLinesAtTicks({ xAxis, width: 800, height: 300, offset: {} } as never, false);
    expect(at({ scale, ticks: [0, 30, 60] })).toEqual([100, 400, 700]);
    expect(at({ scale, niceTicks: [0, 50, 100] })).toEqual([100, 600]); // off the scale: no line
    expect(at({ ticks: [0, 1] })).toEqual([]);
    expect(at(undefined)).toEqual([]);
  });

  it("draws a line through the values it has and breaks it at a gap", () => {
    const rows = [{ t: 0, v: 1 }, { t: 1, v: null }, { t: 2, v: 3 }, { t: 3, v: 4 }];
    expect(linePath(rows, "t", "v", (x) => x * 10, (y) => 100 - y)).toBe("M0.0,99.0M20.0,97.0L30.0,96.0");
  });

  it("shades the min-max band of each stretch without gaps", () => {
    const rows = [
      { t: 0, lo: 1, hi: 3 },
      { t: 1, lo: 2, hi: 4 },
      { t: 2, lo: null, hi: 5 },
      { t: 3, lo: 1, hi: 2 },
    ];
    // Along the maxima, back along the minima, closed; a lone point after the gap has no area.
    expect(bandPath(rows, "t", { lo: "lo", hi: "hi" }, (x) => x * 10, (y) => 100 - y)).toBe("M0.0,97.0L10.0,96.0L10.0,98.0L0.0,99.0Z");
  });
});
