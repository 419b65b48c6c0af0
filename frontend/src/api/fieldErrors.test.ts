import { describe, expect, it } from "vitest";

import { ApiError } from "./apiError";
import { fieldsOf, messagesAt, messagesForLines, messagesUnder, stripPrefix, unclaimed } from "./fieldErrors";

const fields = [
  { field: "spec.proxy.global.maxconn", message: "too big" },
  { field: "spec.proxy.backends.0.servers.1.port", message: "out of range" },
  { field: "spec.proxy.global.maxconn", message: "over the host limit" },
  { field: "name", message: "required" },
];

describe("field errors", () => {
  it("finds the messages of one path", () => {
    expect(messagesAt(fields, "spec.proxy.global.maxconn")).toEqual(["too big", "over the host limit"]);
    expect(messagesAt(fields, "spec.proxy.global")).toEqual([]);
  });

  it("collects a section without matching a sibling that shares a prefix", () => {
    const more = [...fields, { field: "spec.proxy.backendsX", message: "x" }];
    expect(messagesUnder(more, "spec.proxy.backends").map((f) => f.field)).toEqual([
      "spec.proxy.backends.0.servers.1.port",
    ]);
  });

  it("names each refused line of a list by its line number", () => {
    const lines = [
      { field: "proxy.global.extra", message: "too many lines" },
      { field: "proxy.global.extra.2", message: "refused keyword" },
      { field: "proxy.global.extra.0", message: "bad value" },
      { field: "proxy.global.extraX.1", message: "a sibling" },
      { field: "proxy.global.extra.1.x", message: "deeper" },
    ];
    expect(messagesForLines(lines, "proxy.global.extra")).toEqual([
      "too many lines",
      "line 3: refused keyword",
      "line 1: bad value",
    ]);
  });

  it("lists what no input claims", () => {
    expect(unclaimed(fields, ["spec.proxy.global.maxconn", "name"]).map((f) => f.field)).toEqual([
      "spec.proxy.backends.0.servers.1.port",
    ]);
  });

  it("re-roots paths", () => {
    expect(stripPrefix(fields, "spec")[0].field).toBe("proxy.global.maxconn");
    expect(stripPrefix(fields, "spec")[3].field).toBe("name");
  });

  it("reads fields only from API errors", () => {
    expect(fieldsOf(new ApiError(422, "validation_error", "m", fields))).toHaveLength(4);
    expect(fieldsOf(new Error("x"))).toEqual([]);
    expect(fieldsOf(undefined)).toEqual([]);
  });
});
