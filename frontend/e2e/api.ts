// REST calls from a spec, with the browser context's own session cookie (so they act as the
// signed-in user, exactly like the UI does) and its CSRF token for unsafe methods.
import { expect, type APIRequestContext } from "@playwright/test";

export type Api = {
  get: <T = unknown>(path: string) => Promise<T>;
  post: <T = unknown>(path: string, body?: unknown) => Promise<T>;
  /** The raw status of an unsafe call, for "the API refuses" checks. */
  status: (method: "POST" | "DELETE", path: string, body?: unknown) => Promise<number>;
};

export async function apiFor(request: APIRequestContext): Promise<Api> {
  const session = await request.get("/api/v1/auth/session");
  expect(session.status(), "signed in").toBe(200);
  const headers = { "X-CSRF-Token": (await session.json()).csrf_token as string };
  // The caller names the body's type (T): these are test helpers over the API's own JSON.
  const check = async <T,>(response: Awaited<ReturnType<APIRequestContext["get"]>>, what: string): Promise<T> => {
    expect(response.status(), `${what}: ${await response.text()}`).toBeLessThan(400);
    return (response.status() === 204 ? undefined : await response.json()) as T;
  };
  return {
    get: async <T,>(path: string) => check<T>(await request.get(`/api/v1${path}`), `GET ${path}`),
    post: async <T,>(path: string, body?: unknown) =>
      check<T>(await request.post(`/api/v1${path}`, { data: body ?? {}, headers }), `POST ${path}`),
    status: async (method, path, body) =>
      (await request.fetch(`/api/v1${path}`, { method, data: body ?? undefined, headers })).status(),
  };
}

type Spec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Seed 000 (maxconn capacity) made short: a 1 s /slow endpoint, 30 clients, 1 s warm-up and 7 s
 * measured, maxconn 5 / 10 / 20. Expected: about maxconn successful requests per second.
 */
export async function shortCapacitySpec(api: Api): Promise<Spec> {
  const templates = await api.get<{ id: string; spec: Spec }[]>("/templates");
  const seed = templates.find((t) => t.id === "000");
  expect(seed, "template 000 exists").toBeTruthy();
  const spec = structuredClone(seed!.spec);
  spec.target.endpoints = spec.target.endpoints.map((e: Spec) => (e.path === "/slow" ? { ...e, delay_ms: 1000 } : e));
  spec.load = { ...spec.load, connections: 30, warmup_s: 1, duration_s: 7 };
  spec.sweep = { axes: [{ path: "proxy.global.maxconn", values: [5, 10, 20], label: "maxconn" }] };
  spec.repetitions = 1;
  return spec;
}
