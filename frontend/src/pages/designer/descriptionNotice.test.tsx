import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { DescriptionNotice } from "./DescriptionNotice";

const noop = () => undefined;
const base = { template_id: "000", template_title: "maxconn capacity", stale: true, proposed: "A true sentence." };

describe("a template's sentence the spec outgrew", () => {
  it("shows the proposal with update and keep", () => {
    const html = renderToString(<DescriptionNotice check={base} onUpdate={noop} onKeep={noop} />).replaceAll("<!-- -->", "");
    expect(html).toContain("template 000");
    expect(html).toContain("A true sentence.");
    expect(html).toContain("Update the description");
    expect(html).toContain("Keep it as it is");
  });

  it("offers to clear a sentence nothing in the spec bears out", () => {
    const html = renderToString(<DescriptionNotice check={{ ...base, proposed: null }} onUpdate={noop} onKeep={noop} />);
    expect(html).toContain("Clear the description");
    expect(html).not.toContain("Update the description");
  });

  it("says nothing about a true sentence or the person's own text", () => {
    expect(renderToString(<DescriptionNotice check={{ ...base, stale: false }} onUpdate={noop} onKeep={noop} />)).toBe("");
    expect(renderToString(<DescriptionNotice check={{ template_id: null, template_title: null, stale: false, proposed: null }} onUpdate={noop} onKeep={noop} />)).toBe("");
  });
});
