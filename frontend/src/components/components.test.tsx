import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { ApiError } from "../api/apiError";
import { ErrorState } from "./ErrorState";
import { FieldError } from "./FieldError";
import { StateBadge } from "./StateBadge";

const error = new ApiError(422, "validation_error", "spec.proxy.global.maxconn: too big", [
  { field: "spec.proxy.global.maxconn", message: "too big" },
  { field: "name", message: "required" },
]);

describe("ErrorState", () => {
  it("shows the API's message and every field; the code and status only in a tooltip", () => {
    const html = renderToString(<ErrorState error={error} />).replaceAll("<!-- -->", "");
    expect(html).toContain("spec.proxy.global.maxconn: too big");
    expect(html).toContain('title="validation_error · HTTP 422"');
    expect(html).not.toContain("(validation_error, HTTP 422)");
    expect(html).toContain("<code>name</code>");
  });

  it("titles a 404 as not found, offers a way home and no useless retry", () => {
    const html = renderToString(
      <ErrorState error={new ApiError(404, "not_found", "lab 9 not found")} title="The lab did not load" onRetry={() => {}} />,
    );
    expect(html).toContain("Not found");
    expect(html).toContain('href="/"');
    expect(html).not.toContain("Try again");
  });

  it("offers a retry when the server had trouble", () => {
    const html = renderToString(<ErrorState error={new ApiError(503, "unavailable", "PostgreSQL is away")} onRetry={() => {}} />);
    expect(html).toContain("Try again");
    expect(html).toContain("PostgreSQL is away");
  });
});

describe("FieldError", () => {
  it("renders only the messages of its path", () => {
    const html = renderToString(<FieldError error={error} path="name" />);
    expect(html).toContain("required");
    expect(html).not.toContain("too big");
    expect(renderToString(<FieldError error={error} path="email" />)).toBe("");
    expect(renderToString(<FieldError error={new Error("x")} path="name" />)).toBe("");
  });
});

describe("StateBadge", () => {
  it("colours a state by its outcome and names it", () => {
    const html = renderToString(<StateBadge state="failed" testId="run-state" />);
    expect(html).toContain('class="badge bad"');
    expect(html).toContain('data-state="failed"');
    expect(html).toContain(">failed<");
  });

  it("says there are no runs when there is no state", () => {
    expect(renderToString(<StateBadge state={null} />)).toContain("no runs");
  });
});
