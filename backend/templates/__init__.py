"""Read-only experiment templates: the five seed experiments of contract/examples.py."""
