// The run's live stream (GET /api/v1/runs/{id}/events, SSE; backend/runs/live/events.py): the server
// replays the state and every stored sample, then relays live ones, and sends `end` when the run
// is terminal. Samples are kept by (source, t), so the replay after a reconnect is harmless.
// The component re-renders at most once a second (the sampling rate), not once per event.
// Only while the run executes: a finished run's charts read its samples as columns (LiveCharts).
import { useEffect, useRef, useState } from "react";

import type { EndEvent, RunState, SampleEvent, StateEvent } from "../../client/types.gen";
import { addSample, type SampleStore } from "./liveSeries";
import { TERMINAL } from "../../runs/states";

export type LiveRun = {
  store: SampleStore;
  /** Bumped when new samples arrived (at most once a second): a cheap dependency for memos. */
  version: number;
  state: RunState | null;
  /** When this page saw `state` arrive (ms since the epoch): the phase's start while the run's
   * detail (state_changed_at) has not caught up with the stream yet. */
  stateSince: number | null;
  /** The last state before the end the stream reported: where a failed run stopped, exactly. */
  lastActiveState: RunState | null;
  error: string | null;
  ended: boolean;
  connected: boolean;
};

const RENDER_INTERVAL_MS = 1000;

/** Each SSE event's data, by event name: the OpenAPI's RunEvent schemas (backend/messaging/run_events.py). */
type RunEventData = { state: StateEvent["data"]; sample: SampleEvent["data"]; end: EndEvent["data"] };

function listen<N extends keyof RunEventData>(source: EventSource, name: N, handle: (data: RunEventData[N]) => void): void {
  source.addEventListener(name, (e: MessageEvent<string>) => handle(JSON.parse(e.data) as RunEventData[N]));
}

export function useRunEvents(runId: number, enabled: boolean): LiveRun {
  const storeRef = useRef<SampleStore>(new Map());
  const dirty = useRef(false);
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<RunState | null>(null);
  const [stateSince, setStateSince] = useState<number | null>(null);
  const [lastActiveState, setLastActiveState] = useState<RunState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [ended, setEnded] = useState(false);
  const [connected, setConnected] = useState(false);

  const storeRun = useRef(runId);

  useEffect(() => {
    // A stream turned off (the run ended) keeps what it received on screen; another run starts empty.
    if (storeRun.current !== runId) {
      storeRun.current = runId;
      storeRef.current = new Map();
    }
    if (!enabled) return;
    storeRef.current = new Map();
    setEnded(false);
    const source = new EventSource(`/api/v1/runs/${runId}/events`);
    source.onopen = () => setConnected(true);
    source.onerror = () => setConnected(false); // EventSource reconnects by itself (retry: 2 s)
    listen(source, "state", (data) => {
      setState(data.state);
      setStateSince(Date.now());
      if (!TERMINAL.has(data.state)) setLastActiveState(data.state);
      setError(data.error ?? null);
    });
    listen(source, "sample", (s) => {
      addSample(storeRef.current, s.source, s.t, s.data);
      dirty.current = true;
    });
    listen(source, "end", (data) => {
      setState(data.state);
      setError(data.error ?? null);
      setEnded(true);
      // Draw the replayed samples now, not at the next tick: a finished run has nothing to wait for.
      dirty.current = false;
      setVersion((v) => v + 1);
      source.close(); // the run is over: no reconnect
      setConnected(false);
    });
    const timer = window.setInterval(() => {
      if (dirty.current) {
        dirty.current = false;
        setVersion((v) => v + 1);
      }
    }, RENDER_INTERVAL_MS);
    return () => {
      window.clearInterval(timer);
      source.close();
    };
  }, [runId, enabled]);

  return { store: storeRef.current, version, state, stateSince, lastActiveState, error, ended, connected };
}
