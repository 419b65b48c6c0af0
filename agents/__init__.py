"""haplab-agent: a small daemon on a lab host. Depends only on `spec` and an HTTP client."""

__version__ = "0.1.0"
