import { describe, expect, it } from "vitest";

import { bitsPerSecond, bytesPerSecond } from "./units";

describe("units", () => {
  it("shows a few hundred bytes as bytes, not as 0 MB/s", () => {
    expect(bytesPerSecond(816)).toBe("816 B/s");
    expect(bytesPerSecond(12_345)).toBe("12.35 kB/s");
    expect(bytesPerSecond(22_500_000)).toBe("22.5 MB/s");
    expect(bytesPerSecond(1_250_000_000)).toBe("1.25 GB/s");
    expect(bytesPerSecond(0)).toBe("0 B/s");
  });

  it("gives the wire's bits per second", () => {
    expect(bitsPerSecond(22_500_000)).toBe("180 Mbit/s");
    expect(bitsPerSecond(816)).toBe("6.5 kbit/s");
    expect(bitsPerSecond(10)).toBe("80 bit/s");
  });
});
