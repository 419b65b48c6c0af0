"""Baselines: a team member pins a run, a sweep point of a launch or a whole launch as what an
experiment's later runs of the same point are compared with, automatically, with the compare
page's statistics (backend/runs/statistics.py)."""
