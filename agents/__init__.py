"""haplab-agent: a small daemon on a lab host. Depends only on `contract` and an HTTP client."""

__version__ = "0.1.0"
