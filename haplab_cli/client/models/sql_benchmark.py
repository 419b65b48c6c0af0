from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SqlBenchmark")


@_attrs_define
class SqlBenchmark:
    """What mariadb-slap measures: the time every client needed to run all its queries, per
    iteration (no per-query latency), and the queries/s that makes.

        Attributes:
            iterations (int): How many times the whole workload ran.
            clients (int): Concurrent clients running queries.
            queries_per_client (int): Queries each client ran per iteration.
            avg_s (float): Average seconds to run all queries (one iteration).
            min_s (float): Fastest iteration, seconds.
            max_s (float): Slowest iteration, seconds.
            queries_per_s (float): All clients' queries per second of an average iteration.
    """

    iterations: int
    clients: int
    queries_per_client: int
    avg_s: float
    min_s: float
    max_s: float
    queries_per_s: float

    def to_dict(self) -> dict[str, Any]:
        iterations = self.iterations

        clients = self.clients

        queries_per_client = self.queries_per_client

        avg_s = self.avg_s

        min_s = self.min_s

        max_s = self.max_s

        queries_per_s = self.queries_per_s

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "iterations": iterations,
                "clients": clients,
                "queries_per_client": queries_per_client,
                "avg_s": avg_s,
                "min_s": min_s,
                "max_s": max_s,
                "queries_per_s": queries_per_s,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        iterations = d.pop("iterations")

        clients = d.pop("clients")

        queries_per_client = d.pop("queries_per_client")

        avg_s = d.pop("avg_s")

        min_s = d.pop("min_s")

        max_s = d.pop("max_s")

        queries_per_s = d.pop("queries_per_s")

        sql_benchmark = cls(
            iterations=iterations,
            clients=clients,
            queries_per_client=queries_per_client,
            avg_s=avg_s,
            min_s=min_s,
            max_s=max_s,
            queries_per_s=queries_per_s,
        )

        return sql_benchmark
