import { describe, expect, it } from "vitest";

import { paramsText } from "./params";

describe("a sweep point as people read it", () => {
  it("names a list element by its setting, never by its index", () => {
    expect(paramsText({ "proxy.global.nbthread": 1, "proxy.global.cpu_map.0": "1/all 0-1" })).toBe("nbthread=1, cpu-map=1/all 0-1");
  });

  it("keeps an index beyond the first and tells apart settings that share a name", () => {
    expect(paramsText({ "proxy.global.cpu_map.1": "2/all 1" })).toBe("cpu-map[1]=2/all 1");
    expect(paramsText({ "proxy.global.maxconn": 40, "proxy.frontends.0.maxconn": 20 })).toBe("proxy.global.maxconn=40, proxy.frontends.0.maxconn=20");
  });

  it("shows strings without quotes, other scalars as they are, and nothing for no sweep", () => {
    expect(paramsText({ "load.http_version": "2", "load.keep_alive": false, "load.rate": null })).toBe("http_version=2, keep_alive=false, rate=null");
    expect(paramsText({})).toBe("");
  });
});
