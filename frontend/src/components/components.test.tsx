import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { ApiError } from "../api/apiError";
import { ErrorState } from "./ErrorState";
import { FieldError } from "./FieldError";
import { StateBadge } from "./StateBadge";
import { OutcomeBadge } from "./OutcomeBadge";
import type { RunOutcome } from "../client/types.gen";

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

describe("OutcomeBadge", () => {
  const outcome = (kind: RunOutcome["kind"], label: string, tone: RunOutcome["tone"], failed = 0): RunOutcome => ({ kind, label, tone, rules_judged: 3, rules_failed: failed });

  it("is green only when every rule held", () => {
    const html = renderToString(<OutcomeBadge state="succeeded" outcome={outcome("succeeded", "succeeded", "good")} testId="run-state" />);
    expect(html).toContain('class="badge ok"');
    expect(html).toContain('data-state="succeeded"');
    expect(html).toContain(">succeeded<");
  });

  it("says a succeeded run whose rules failed in amber, never green", () => {
    const html = renderToString(<OutcomeBadge state="succeeded" outcome={outcome("rules_failed", "succeeded, 1 of 3 rules failed", "warning", 1)} />);
    expect(html).toContain('class="badge warn"');
    expect(html).not.toContain("badge ok");
    expect(html).toContain(">succeeded, 1 of 3 rules failed<");
    expect(html).toContain('data-state="succeeded"'); // scripts still read the state
    expect(html).toContain('data-outcome="rules_failed"');
  });

  it("shows partial, failed and cancelled in their tones", () => {
    expect(renderToString(<OutcomeBadge state="partial" outcome={outcome("partial", "partial", "warning")} />)).toContain('class="badge warn"');
    expect(renderToString(<OutcomeBadge state="failed" outcome={outcome("failed", "failed", "bad")} />)).toContain('class="badge bad"');
    expect(renderToString(<OutcomeBadge state="cancelled" outcome={outcome("cancelled", "cancelled", "neutral")} />)).toContain('class="badge"');
  });

  it("shows the live state while the run goes on, or without an outcome", () => {
    expect(renderToString(<OutcomeBadge state="running" outcome={outcome("in_progress", "running", "active")} />)).toContain(">running<");
    expect(renderToString(<OutcomeBadge state="running" />)).toContain('class="badge info"');
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
