"""A run's HAProxy request timers: where the time went, per second and over the run."""
