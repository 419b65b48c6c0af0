// The API's liveness, as the placeholder page shows it.
export type Health = { state: "checking" } | { state: "ok" } | { state: "down"; reason: string };

export const HEALTH_URL = "/api/v1/health";

export async function fetchHealth(fetchFn: typeof fetch = fetch): Promise<Health> {
  try {
    const response = await fetchFn(HEALTH_URL, { headers: { Accept: "application/json" } });
    if (response.ok) return { state: "ok" };
    return { state: "down", reason: `HTTP ${response.status}` };
  } catch (error) {
    return { state: "down", reason: error instanceof Error ? error.message : String(error) };
  }
}

export function describeHealth(health: Health): string {
  switch (health.state) {
    case "checking":
      return "checking…";
    case "ok":
      return "API healthy";
    case "down":
      return `API unreachable (${health.reason})`;
  }
}
