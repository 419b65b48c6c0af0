import { describe, expect, it } from "vitest";

import {
  T2_MICRO,
  bandwidthReason,
  delayLossReason,
  draftFromSettings,
  emptyLink,
  linkBody,
  settingsWithLinks,
  usesDelayLoss,
  withPreset,
  withoutDelayLoss,
} from "./linkShaping";

describe("link shaping form", () => {
  it("reads the lab's links as strings", () => {
    expect(draftFromSettings({ link_shaping: { links: [{ interface: "veth-inj", rate_mbit: 180 }] } })).toEqual([
      { interface: "veth-inj", rate_mbit: "180", delay_ms: "", loss_pct: "" },
    ]);
    expect(draftFromSettings({})).toEqual([]);
    expect(draftFromSettings({ link_shaping: null })).toEqual([]);
  });

  it("sends numbers, leaves empty optional fields out and keeps other settings", () => {
    expect(linkBody({ interface: " eth0 ", rate_mbit: "12.5", delay_ms: "", loss_pct: "0" })).toEqual({
      interface: "eth0",
      rate_mbit: 12.5,
      loss_pct: 0,
    });
    // Not a number: sent as typed, so the API's error names the field.
    expect(linkBody({ ...emptyLink(), interface: "a", rate_mbit: "fast" }).rate_mbit).toBe("fast");
    const current = { other: 1, link_shaping: { links: [{ interface: "eth9", rate_mbit: 5 }] } };
    const next = settingsWithLinks(current, [T2_MICRO]);
    expect(next).toEqual({ other: 1, link_shaping: { links: [{ interface: "veth-inj", rate_mbit: 180 }] } });
    expect(settingsWithLinks(current, [])).toEqual({ other: 1 });
  });

  it("applies the t2.micro preset once, on the injector link", () => {
    const one = withPreset([]);
    expect(one).toEqual([T2_MICRO]);
    const changed = withPreset([{ ...T2_MICRO, rate_mbit: "50", delay_ms: "5" }]);
    expect(changed).toEqual([{ ...T2_MICRO, delay_ms: "5" }]);
    expect(withPreset([{ ...emptyLink(), interface: "eth0", rate_mbit: "1" }])).toHaveLength(2);
  });

  it("explains why delay and loss are greyed out", () => {
    expect(delayLossReason({ bandwidth: true, delay_loss: true, qdiscs: ["netem", "tbf"] })).toBeNull();
    expect(delayLossReason({ bandwidth: true, delay_loss: false, qdiscs: ["htb", "tbf"] })).toBe(
      "this kernel has no netem: delay and loss are unavailable; available qdiscs: htb, tbf",
    );
    expect(delayLossReason({ bandwidth: true, delay_loss: false, qdiscs: null })).toMatch(/no proxy agent/);
    expect(bandwidthReason({ bandwidth: false, delay_loss: false, qdiscs: [] })).toMatch(/neither tbf nor htb.*none/);
    expect(bandwidthReason({ bandwidth: true, delay_loss: false, qdiscs: null })).toBeNull();
  });

  it("finds and clears delay and loss", () => {
    const links = [{ ...T2_MICRO, loss_pct: "1" }];
    expect(usesDelayLoss(links)).toBe(true);
    expect(usesDelayLoss(withoutDelayLoss(links))).toBe(false);
  });
});
