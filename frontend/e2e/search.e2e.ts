// Acceptance (issue 34): a capacity search's answer as a person reads it. test_browser.py seeds a
// finished search launch (server maxconn 5 and 10 in front of a 20 ms endpoint, two searches per
// point; the real search runs in tests/e2e/test_capacity_search.py). The steps are capacity.ts':
// the answers first, the knee curve with a dot per probe that opens its run, the curve's table,
// each point's probes, light, dark and a phone, axe; then History says which probe a run is.
import { checkCapacityPage, checkProbesInHistory } from "./capacity";
import { env } from "./env";
import { expect, test } from "./fixtures";

test("a capacity search: the answer per point, the knee curve and its probes", async ({ page }) => {
  await checkCapacityPage(page, { experimentId: env.searchExperimentId, points: 2, probes: env.searchProbes, name: "70-capacity" });
  await page.goto(`/experiments/${env.searchExperimentId}`);
  // Both points found a capacity near maxconn / delay: 250 and 500 req/s, with the searches' interval.
  const answers = page.getByTestId("capacity-answer");
  await expect(answers.nth(0)).toContainText(/capacity 2[45]\d req\/s \(95%/);
  await expect(answers.nth(1)).toContainText(/capacity (4[89]\d|50\d) req\/s \(95%/);
  await checkProbesInHistory(page, env.searchExperimentId);
});
