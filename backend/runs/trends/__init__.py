"""A metric over an experiment's recent runs, for the History's trend sparklines."""
