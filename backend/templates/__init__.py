"""Read-only experiment templates: the five seed experiments of spec/examples.py."""
