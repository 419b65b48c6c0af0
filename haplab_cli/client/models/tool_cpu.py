from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ToolCpu")


@_attrs_define
class ToolCpu:
    """How much CPU the load tool got of what it wanted: its threads' time on a CPU and waiting for
    one (the kernel's per-thread scheduler statistics), from its start to its last reading.

        Attributes:
            cpu_s (float): Seconds the tool's threads ran on a CPU.
            wait_s (float): Seconds the tool's threads were ready to run but waited for a CPU (another process had it, or a
                CPU quota was spent).
            wall_s (float): Seconds from the tool's start to the reading.
    """

    cpu_s: float
    wait_s: float
    wall_s: float

    def to_dict(self) -> dict[str, Any]:
        cpu_s = self.cpu_s

        wait_s = self.wait_s

        wall_s = self.wall_s

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cpu_s": cpu_s,
                "wait_s": wait_s,
                "wall_s": wall_s,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        cpu_s = d.pop("cpu_s")

        wait_s = d.pop("wait_s")

        wall_s = d.pop("wall_s")

        tool_cpu = cls(
            cpu_s=cpu_s,
            wait_s=wait_s,
            wall_s=wall_s,
        )

        return tool_cpu
