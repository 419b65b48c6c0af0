import { describe, expect, it } from "vitest";

import { ApiError } from "./apiError";
import { humanError, worthRetrying } from "./humanError";

describe("humanError", () => {
  it("never shows the code in the sentence", () => {
    const h = humanError(new ApiError(401, "unauthenticated", "unauthenticated"));
    expect(h.title).toBe("You are signed out");
    expect(h.sentence).not.toMatch(/unauthenticated|HTTP/);
    expect(h.technical).toBe("unauthenticated · HTTP 401");
    expect(h.retryable).toBe(false);
  });

  it("keeps the API's own sentence for a 404 and does not offer a retry", () => {
    const h = humanError(new ApiError(404, "not_found", "run 999 does not exist"));
    expect(h).toMatchObject({ title: "Not found", sentence: "run 999 does not exist", retryable: false });
  });

  it("replaces a bare status line with words", () => {
    expect(humanError(new ApiError(404, "http_error", "HTTP 404")).sentence).toMatch(/deleted|link/);
  });

  it("says a server error is not the user's doing and may be retried", () => {
    const h = humanError(new ApiError(500, "internal", "Traceback ..."));
    expect(h.retryable).toBe(true);
    expect(h.sentence).not.toContain("Traceback");
    expect(h.technical).toContain("Traceback");
  });

  it("names an unreachable server", () => {
    expect(humanError(new TypeError("Failed to fetch")).title).toBe("haplab cannot be reached");
  });
});

describe("worthRetrying", () => {
  it.each([
    [new ApiError(503, "unavailable", "x"), true],
    [new ApiError(502, "http_error", "x"), true],
    [new TypeError("Failed to fetch"), true],
    [new ApiError(404, "not_found", "x"), false],
    [new ApiError(422, "invalid", "x"), false],
    [new ApiError(401, "unauthenticated", "x"), false],
  ])("%s -> %s", (error, expected) => {
    expect(worthRetrying(error)).toBe(expected);
  });
});
