"""Schedules: recurring launches of an experiment on a lab, fired by Celery beat."""
