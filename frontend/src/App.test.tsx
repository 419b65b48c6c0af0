import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { App } from "./App";
import { describeHealth, fetchHealth, HEALTH_URL } from "./health";

describe("fetchHealth", () => {
  it("is ok when the API answers 2xx", async () => {
    const seen: string[] = [];
    const fakeFetch = (async (url: string) => {
      seen.push(url);
      return new Response("{}", { status: 200 });
    }) as typeof fetch;
    expect(await fetchHealth(fakeFetch)).toEqual({ state: "ok" });
    expect(seen).toEqual([HEALTH_URL]);
  });

  it("is down with the status when the API answers an error", async () => {
    const fakeFetch = (async () => new Response("", { status: 503 })) as typeof fetch;
    expect(await fetchHealth(fakeFetch)).toEqual({ state: "down", reason: "HTTP 503" });
  });

  it("is down with the reason when the API cannot be reached", async () => {
    const fakeFetch = (async () => {
      throw new TypeError("connection refused");
    }) as typeof fetch;
    expect(describeHealth(await fetchHealth(fakeFetch))).toBe("API unreachable (connection refused)");
  });
});

describe("App", () => {
  it("names the product, shows the health and links the API docs", () => {
    const html = renderToString(<App initialHealth={{ state: "ok" }} />);
    expect(html).toContain("<h1>haplab</h1>");
    expect(html).toContain("API healthy");
    expect(html).toContain('href="/api/v1/docs"');
  });
});
