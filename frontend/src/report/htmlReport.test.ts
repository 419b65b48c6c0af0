import { describe, expect, it } from "vitest";

import { buildReport, escapeHtml } from "./htmlReport";

describe("an HTML report", () => {
  const html = buildReport({
    title: 'Run 12 <img src=x onerror="alert(1)">',
    source: "https://haplab.example/runs/12",
    generatedAt: new Date("2026-11-26T00:00:00Z"),
    sections: [{ heading: "Key figures", html: "<table><tr><td>4 req/s</td></tr></table>" }, { heading: "Requests", html: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' }],
  });
  it("escapes what people wrote", () => {
    expect(html).toContain("Run 12 &lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).not.toContain("<img");
    expect(escapeHtml(`a&b<'c'>`)).toBe("a&amp;b&lt;&#39;c&#39;&gt;");
  });
  it("fetches nothing: no script, stylesheet link or remote source, and a policy that forbids them", () => {
    expect(html).not.toMatch(/<script|<link|src=["']?https?:/i);
    expect(html).toContain(`content="default-src 'none'`);
    expect(html).toContain("<h2>Key figures</h2>");
    expect(html).toContain("<svg");
  });
});
