// The Compare page's view lives in the URL, so a link reproduces it exactly:
//   /compare?runs=4,5,6            or  /compare?experiment=2   (every run of the experiment)
//   &metric=rps&param=proxy.global.maxconn&chart=line|bar&spread=ci|minmax|stddev
//   &series=proxy|FRONTEND.req_tot&baseline=4&smooth=1
export type CompareView = {
  runs: number[];
  experiment: number | null;
  metric: string;
  /** The swept parameter on the x axis; "" = the first one the runs have. */
  param: string;
  chart: "line" | "bar";
  spread: "ci" | "minmax" | "stddev";
  /** "source|metric" of the time-series overlay. */
  series: string;
  baseline: number | null;
  /** The over-time chart's 5 s moving average. */
  smooth: boolean;
};

export const DEFAULT_VIEW: CompareView = {
  runs: [],
  experiment: null,
  metric: "rps",
  param: "",
  chart: "line",
  spread: "ci",
  series: "proxy|FRONTEND.req_tot",
  baseline: null,
  smooth: false,
};

function positiveInt(text: string | null): number | null {
  const n = Number(text);
  return text && Number.isInteger(n) && n > 0 ? n : null;
}

export function parseRunIds(text: string | null): number[] {
  const ids = (text ?? "").split(",").map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && n > 0);
  return [...new Set(ids)];
}

export function parse(search: URLSearchParams): CompareView {
  const series = search.get("series") ?? "";
  return {
    runs: parseRunIds(search.get("runs")),
    experiment: positiveInt(search.get("experiment")),
    metric: search.get("metric") || DEFAULT_VIEW.metric,
    param: search.get("param") ?? "",
    chart: search.get("chart") === "bar" ? "bar" : "line",
    spread: (["minmax", "stddev"] as const).find((s) => s === search.get("spread")) ?? "ci",
    series: /^[^|]+\|[^|]+$/.test(series) ? series : DEFAULT_VIEW.series,
    baseline: positiveInt(search.get("baseline")),
    smooth: search.get("smooth") === "1",
  };
}

export function toSearch(v: CompareView): URLSearchParams {
  const out = new URLSearchParams();
  if (v.runs.length) out.set("runs", v.runs.join(","));
  if (v.experiment) out.set("experiment", String(v.experiment));
  if (v.metric !== DEFAULT_VIEW.metric) out.set("metric", v.metric);
  if (v.param) out.set("param", v.param);
  if (v.chart !== DEFAULT_VIEW.chart) out.set("chart", v.chart);
  if (v.spread !== DEFAULT_VIEW.spread) out.set("spread", v.spread);
  if (v.series !== DEFAULT_VIEW.series) out.set("series", v.series);
  if (v.baseline) out.set("baseline", String(v.baseline));
  if (v.smooth) out.set("smooth", "1");
  return out;
}
