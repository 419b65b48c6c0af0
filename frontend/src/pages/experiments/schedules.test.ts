import { describe, expect, it } from "vitest";

import { firingLabel, firingTone, inZone, untilText } from "./schedules";

describe("schedules", () => {
  it("say what a firing did, coloured by whether it launched", () => {
    expect(firingLabel("skipped_lab_busy")).toBe("skipped: lab busy");
    expect(firingTone("launched")).toBe("ok");
    expect(firingTone("skipped_previous_running")).toBe("warn");
    expect(firingTone("refused")).toBe("bad");
  });
  it("say how far the next time is", () => {
    const now = Date.parse("2026-11-26T02:00:00Z");
    expect(untilText("2026-11-26T02:00:30Z", now)).toBe("in 30 s");
    expect(untilText("2026-11-26T02:20:00Z", now)).toBe("in 20 min");
    expect(untilText("2026-11-26T05:00:00Z", now)).toBe("in 3 h");
    expect(untilText("2026-11-29T02:00:00Z", now)).toBe("in 3 d");
    expect(untilText("2026-11-26T01:59:00Z", now)).toBe("due now");
  });
  it("read a time in the schedule's zone", () => {
    // 01:00 UTC on 27 Nov is 02:00 in Paris (winter time) and 10:00 in Tokyo.
    expect(inZone("2026-11-27T01:00:00Z", "Europe/Paris")).toMatch(/02:00/);
    expect(inZone("2026-11-27T01:00:00Z", "Asia/Tokyo")).toMatch(/10:00/);
  });
});
