"""Prometheus exposition: the team's fleet health and its live runs' per-second figures."""
