"""GET /metrics: the one vocabulary of metrics (spec/metrics.py), for the UI and API clients."""
