"""Everything that goes through Redis besides Celery, one module per concern.

- keys: every Redis name and TTL (the table below), so API, worker and tests agree on them;
- clients: the sync and async clients;
- run_events: a run's live events (models and publishing), read by backend/runs/live/;
- run_control: the channel the run's worker listens on;
- load_leases: the lease of a run's load on an injector;
- viewers: a metrics scrape counts as a live viewer of the team's runs;
- revoked_agents: the mark that wakes a revoked agent's long-polls.

The names:

    haplab:agent:{agent_id}:commands    list  command Envelopes (JSON) waiting for the agent;
                                              the worker RPUSHes, the API's long-poll pops
    haplab:agent:{agent_id}:revoked     list  one word, pushed once the agent's revocation is
                                              committed: a long-poll of that agent waits on it
                                              beside its commands, so a poll held open in any
                                              API process is answered 401 at once (expires
                                              after REVOKED_MARK_TTL_S)
    haplab:command:{command_id}:reply   list  the agent's CommandResult (JSON); the API RPUSHes,
                                              the worker waiting in send_command BLPOPs
    haplab:run:{run_id}:events          pub/sub channel of a run's live events (RunEventMessage)
    haplab:run:{run_id}:control         pub/sub channel the run's worker listens on: a word is
                                              published when a cancel of the run is committed,
                                              the run ends (the reaper's end included) or an
                                              agent of its lab is revoked; the worker then reads
                                              the run's row (worker/run_watch.py)
    haplab:team:{team_id}:scraped       string  set while a metrics scraper reads the team's
                                              figures (GET /metrics, live gauges included),
                                              expiring SCRAPE_WATCH_S after the last scrape: it
                                              counts as a live viewer of every run of the team
                                              in the reply to an agent's sample batch
    haplab:command:{command_id}:agent   string  the id of the agent the command was sent to; only
                                              that agent's result is accepted for it
    haplab:run:{run_id}:load-lease:{agent_id}  string  the lease of the run's load on that injector
                                              (ISO 8601), set by the worker, expiring with it; the
                                              API hands it to the injector with each reply to its
                                              sample batches (contract.protocol.LOAD_LEASE_HEADER)
    haplab:login-failures:{kind}:{who}  sorted set of failed sign-in times (score = time), per
                                              account (SHA-256 of the e-mail) and per client
                                              address; expires with the throttling window
    haplab:live-streams:{kind}:{id}     sorted set of the open live event streams of a user or
                                              a team (member = a stream's slot, score = when its
                                              lease ends; backend/runs/live/stream_slots.py)
    haplab:rate:{what}:{who}            sorted set of the times of recent requests of a
                                              rate-limited kind (backend/rate_limits.py), e.g.
                                              webhook-test:webhook:12; expires with its window

Redis is a mailbox and a loudspeaker here, never a store: samples and run states live in
PostgreSQL and are written there first, so a message lost in Redis costs a live viewer a
moment (the SSE stream replays from PostgreSQL and re-reads the state), never data.
"""
