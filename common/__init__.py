"""Pieces shared by agents, worker and backend that contract/ cannot hold.

contract/ depends on pydantic and the standard library only (a lab host installs it with nothing
else), and the import contracts keep agents, worker and backend apart. What two of them need and
that uses a third-party library (HdrHistogram) or the operating system lives here: it may import
spec, the standard library and third-party libraries, never backend, worker or agents.

Its modules are named for what they hold: latency_histograms (HdrHistogram encode, merge and
percentiles), process_groups (stopping a process and its group), system_users (the lab's
unprivileged users). A helper only one of the three uses belongs to that one.
"""
