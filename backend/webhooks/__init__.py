"""Webhooks: a team's endpoints are told of finished and failed runs, failed thresholds and
detected changes, with HMAC-SHA256 signatures, retries with backoff and a log of every delivery."""
