"""GET /metrics: the one vocabulary of metrics (contract/metrics.py), for the UI and API clients."""
