"""Runs side by side: the table and its exports, points with confidence intervals against a
baseline, per-second overlays, latency spectra."""
