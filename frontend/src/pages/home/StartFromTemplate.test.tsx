import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";

import { templatesListExperimentTemplatesQueryKey } from "../../client/@tanstack/react-query.gen";
import type { Template } from "../../client/types.gen";
import { StartFromTemplate } from "./StartFromTemplate";

const templates = [
  { id: "000", title: "maxconn capacity", summary: "How many connections a slow backend serves.", spec: {}, requires: { roles: ["proxy"], driver: "hey", target: "managed" } },
  { id: "001", title: "MariaDB through HAProxy", summary: "SQL load via the proxy.", spec: {}, requires: { roles: ["proxy"], driver: "mariadb-slap", target: "database" } },
] as unknown as Template[];

function render(canEdit: boolean): string {
  const client = new QueryClient();
  client.setQueryData(templatesListExperimentTemplatesQueryKey(), templates);
  return renderToString(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <StartFromTemplate canEdit={canEdit} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("StartFromTemplate (a team without experiments)", () => {
  it("offers each template as a designer draft to an editor", () => {
    const html = render(true);
    expect(html).toContain("maxconn capacity");
    expect(html).toContain('href="/experiments/new?template=000"');
    expect(html).toContain('href="/experiments/new?template=001"');
  });

  it("shows a viewer the templates without a launch path", () => {
    const html = render(false);
    expect(html).toContain("MariaDB through HAProxy");
    expect(html).not.toContain("/experiments/new?template=");
    expect(html).toContain("an editor of the team launches");
  });
});
