"""Change points in the history: for each experiment, sweep point and key figure, the series of
its succeeded runs is searched for the run where the figure moved and stayed moved (detection.py,
ruptures + Welch's t-test), and what differs between the runs either side is recorded."""
