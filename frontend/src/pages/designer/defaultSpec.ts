// A new experiment starts runnable: one HTTP frontend and backend in front of one managed server,
// a 30 s hey load on /fast, no sweep. Everything else keeps the spec's defaults.
export function defaultSpec(): Record<string, unknown> {
  return {
    proxy: {
      global: { maxconn: 2000 },
      defaults: { mode: "http", timeouts: { connect: 5000, client: 30000, server: 30000 } },
      frontends: [{ name: "fe", bind: { port: 8080 }, default_backend: "be" }],
      backends: [{ name: "be", balance: "roundrobin", target_servers: {} }],
    },
    target: { kind: "managed", servers: 1, endpoints: [{ path: "/fast" }, { path: "/slow", delay_ms: 3000 }, { path: "/health" }] },
    load: { driver: "hey", connections: 50, threads: 2, duration_s: 30, path: "/fast" },
    sweep: { axes: [] },
    repetitions: 1,
  };
}
