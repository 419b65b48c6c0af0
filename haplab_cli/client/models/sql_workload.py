from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SqlWorkload")


@_attrs_define
class SqlWorkload:
    """What mariadb-slap runs; the lab creates the schema and the credentials.

    Attributes:
        query (str | Unset): The SQL statement every client runs repeatedly (no newlines; not LOAD ..., which would make
            the client send a file of the injector host). Default: 'SELECT 1'.
        number_of_queries (int | Unset): Total statements across all clients; use >= 100k for meaningful times. Default:
            100000.
        schema_name (str | Unset): Schema the statements run in; created by the lab before the run (not mysql, sys ...).
            Default: 'haplab'.
        iterations (int | Unset): How often the whole workload runs (min/avg/max over them). Default: 1.
    """

    query: str | Unset = "SELECT 1"
    number_of_queries: int | Unset = 100000
    schema_name: str | Unset = "haplab"
    iterations: int | Unset = 1

    def to_dict(self) -> dict[str, Any]:
        query = self.query

        number_of_queries = self.number_of_queries

        schema_name = self.schema_name

        iterations = self.iterations

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if query is not UNSET:
            field_dict["query"] = query
        if number_of_queries is not UNSET:
            field_dict["number_of_queries"] = number_of_queries
        if schema_name is not UNSET:
            field_dict["schema_name"] = schema_name
        if iterations is not UNSET:
            field_dict["iterations"] = iterations

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        query = d.pop("query", UNSET)

        number_of_queries = d.pop("number_of_queries", UNSET)

        schema_name = d.pop("schema_name", UNSET)

        iterations = d.pop("iterations", UNSET)

        sql_workload = cls(
            query=query,
            number_of_queries=number_of_queries,
            schema_name=schema_name,
            iterations=iterations,
        )

        return sql_workload
