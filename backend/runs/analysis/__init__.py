"""A launch's sweep read as a whole: per-point figures with their spread, the knee, and
Little's-law maxconn advice."""
