import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import type { RunVerdict as Verdict } from "../../client/types.gen";
import { RunVerdict } from "./RunVerdict";

const verdict: Verdict = {
  kind: "network",
  sentence: "network-bound: 4.9 MB/s at the 5 MB/s cap.",
  evidence: [],
  also: [],
  caveats: [],
};

describe("RunVerdict", () => {
  it("shows no caveat block when the run had none", () => {
    const html = renderToString(<RunVerdict verdict={verdict} />);
    expect(html).toContain("network-bound");
    expect(html).not.toContain("run-caveats");
  });

  it("puts each caveat, its label and its evidence before the verdict", () => {
    const stalled: Verdict = {
      ...verdict,
      caveats: [
        {
          kind: "host_stalled",
          sentence: "Host injector-1 stalled: its sampler woke up to 1.25 s late.",
          evidence: [{ name: "max_tick_late_ms", label: "injector-1: latest wake-up", value: 1250, unit: "ms" }],
        },
      ],
    };
    const html = renderToString(<RunVerdict verdict={stalled} />).replaceAll("<!-- -->", "");
    expect(html).toContain('data-caveat="host_stalled"');
    expect(html).toContain("host stalled");
    expect(html).toContain("1,250 ms");
    expect(html.indexOf("run-caveats")).toBeLessThan(html.indexOf("run-verdict"));
  });
});
