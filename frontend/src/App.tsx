import { useEffect, useState } from "react";

import { describeHealth, fetchHealth, type Health } from "./health";

// Placeholder until the real UI lands: proves the build, the serving by the API and the API itself.
export function App({ initialHealth = { state: "checking" } }: { initialHealth?: Health }) {
  const [health, setHealth] = useState<Health>(initialHealth);

  useEffect(() => {
    let cancelled = false;
    fetchHealth().then((h) => {
      if (!cancelled) setHealth(h);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <main style={{ fontFamily: "system-ui, sans-serif", margin: "3rem auto", maxWidth: "40rem" }}>
      <h1>haplab</h1>
      <p>Design, run and compare HAProxy benchmark experiments.</p>
      <p data-testid="health" data-state={health.state}>
        {describeHealth(health)}
      </p>
      <p>
        <a href="/api/v1/docs">API documentation</a>
      </p>
    </main>
  );
}
