import { describe, expect, it } from "vitest";

import { ApiError, isUnauthenticated, toApiError } from "./apiError";

describe("toApiError", () => {
  it("keeps the API's error shape and adds the status", () => {
    const e = toApiError(
      { error: "validation_error", message: "spec.x: bad", fields: [{ field: "spec.x", message: "bad" }] },
      422,
    );
    expect(e).toBeInstanceOf(ApiError);
    expect([e.status, e.code, e.message]).toEqual([422, "validation_error", "spec.x: bad"]);
    expect(e.fields).toEqual([{ field: "spec.x", message: "bad" }]);
  });

  it("accepts FastAPI's detail shape and plain text", () => {
    expect(toApiError({ detail: "Not Found" }, 404).message).toBe("Not Found");
    expect(toApiError("Bad Gateway", 502).message).toBe("Bad Gateway");
    expect(toApiError("", 500).message).toBe("HTTP 500");
  });

  it("names a network failure", () => {
    const e = toApiError(new TypeError("Failed to fetch"));
    expect(e.code).toBe("network_error");
    expect(e.message).toContain("Failed to fetch");
  });

  it("ignores malformed field lists", () => {
    expect(toApiError({ error: "x", message: "y", fields: [{ nope: 1 }] }, 400).fields).toEqual([]);
  });

  it("recognises a lost session", () => {
    expect(isUnauthenticated(new ApiError(401, "unauthenticated", "no"))).toBe(true);
    expect(isUnauthenticated(new ApiError(403, "forbidden", "no"))).toBe(false);
    expect(isUnauthenticated(new Error("x"))).toBe(false);
  });
});

describe("query keys", async () => {
  const { authGetSessionQueryKey, labsListLabsQueryKey } = await import("../client/@tanstack/react-query.gen");
  const { isSessionQuery, operationOf } = await import("./queryKeys");
  it("recognises the session query by operation, not identity", () => {
    expect(isSessionQuery(authGetSessionQueryKey())).toBe(true);
    expect(isSessionQuery(labsListLabsQueryKey())).toBe(false);
    expect(operationOf(["plain"])).toBeUndefined();
  });
});
