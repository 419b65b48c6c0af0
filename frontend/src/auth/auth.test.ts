import { describe, expect, it } from "vitest";

import type { SessionInfo } from "../client/types.gen";
import { loginPathFor } from "./RequireSession";
import { safeNext } from "./safeNext";
import { hasRole } from "./useSession";

describe("sign-in redirects", () => {
  it("keeps the deep link to come back to", () => {
    expect(loginPathFor({ pathname: "/experiments/3", search: "?tab=runs" })).toBe(
      "/login?next=%2Fexperiments%2F3%3Ftab%3Druns",
    );
    expect(loginPathFor({ pathname: "/", search: "" })).toBe("/login");
  });

  it("only follows local paths after sign-in", () => {
    expect(safeNext("/labs/2")).toBe("/labs/2");
    expect(safeNext("//evil.example")).toBe("/experiments");
    expect(safeNext("https://evil.example")).toBe("/experiments");
    expect(safeNext("/login?next=/x")).toBe("/experiments");
    expect(safeNext(null)).toBe("/experiments");
  });
});

describe("hasRole", () => {
  const as = (role: SessionInfo["role"]) => ({ role }) as SessionInfo;
  it("orders viewer < editor < admin", () => {
    expect(hasRole(as("admin"), "editor")).toBe(true);
    expect(hasRole(as("editor"), "editor")).toBe(true);
    expect(hasRole(as("viewer"), "editor")).toBe(false);
    expect(hasRole(as(null), "viewer")).toBe(false);
    expect(hasRole(null, "viewer")).toBe(false);
  });
});
