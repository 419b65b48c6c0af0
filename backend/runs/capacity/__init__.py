"""Capacity searches: a launch's searches, their probes and each sweep point's answer."""
