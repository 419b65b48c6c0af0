"""The proxy role's parts: the HAProxy process, its Runtime API, readiness, and the 1 Hz sampler."""
