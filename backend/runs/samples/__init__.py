"""A run's per-second samples: stored as agents send them, read raw or downsampled, exported as
CSV; and the load tools' raw output."""
