"""Python's cyclic garbage collector, tuned for a long-running process that serves small requests.

CPython collects its youngest generation every 700 net allocations of container objects, and
the oldest after ten of the middle's, each oldest collection walking every object the process
holds: hundreds of thousands once FastAPI, SQLAlchemy and pydantic are loaded. A History page
(GET /runs?limit=50) spent 1.1 ms of its ~6 ms of CPU in the collector; after `settle()` 0.05 ms
(docs/benchmarks.md, "API capacity"). What a request allocates is freed by reference counting
when it ends, so collecting less often frees the same memory a little later.
"""

from __future__ import annotations

import gc

# Allocations between collections of the youngest generation (CPython's default: 700).
YOUNG_THRESHOLD = 10_000


def settle() -> None:
    """Call once the process has loaded what it keeps for its lifetime (its app, its models):
    that is moved out of the collector's way (gc.freeze), and the young generation is collected
    less often."""
    gc.collect()
    gc.freeze()
    _, middle, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, oldest)
