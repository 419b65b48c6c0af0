import { describe, expect, it } from "vitest";

import { deliveryTone, WEBHOOK_EVENTS } from "./WebhooksSection";

describe("webhooks", () => {
  it("offer every event the API takes", () => {
    expect(WEBHOOK_EVENTS.map((e) => e.name)).toEqual(["run.finished", "run.failed", "threshold.failed", "change.detected", "agent.offline", "schedule.refused"]);
  });
  it("colour a delivery by its outcome", () => {
    expect(deliveryTone("delivered")).toBe("ok");
    expect(deliveryTone("failed")).toBe("bad");
    expect(deliveryTone("pending")).toBe("");
  });
});
