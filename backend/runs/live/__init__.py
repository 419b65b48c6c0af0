"""A run's live event stream (SSE): replay from PostgreSQL, then relay from Redis pub/sub."""
