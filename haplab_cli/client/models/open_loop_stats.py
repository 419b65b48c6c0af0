from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="OpenLoopStats")


@_attrs_define
class OpenLoopStats:
    """How well an open-loop injector held its schedule (rate asked vs rate sent, late and dropped sends).

    A send is late when it left more than `late_threshold_ms` after its slot in the schedule; a
    dropped send is a slot of the measured duration that was never sent at all. Latencies of an
    open-loop driver are timed from the slot, so lateness shows in them too.

        Attributes:
            target_rate (float): Requests/s the schedule asked for.
            sent (int): Requests sent during the measured duration.
            send_rate (float): Requests/s actually sent (sent / duration).
            late_sends (int): Requests sent more than late_threshold_ms after their slot.
            dropped_sends (int): Slots of the schedule never sent (the tool fell behind).
            max_send_lag_ms (float): Worst delay between a slot and its actual send.
            late_threshold_ms (float): Lag beyond which a send counts as late.
            answered (int | None | Unset): 2xx answers to the requests sent in the window (the `sent` ones), whenever they
                arrived (in the window or in its drain): of what the window sent, what was answered, never more than `sent`.
                None in older summaries.
    """

    target_rate: float
    sent: int
    send_rate: float
    late_sends: int
    dropped_sends: int
    max_send_lag_ms: float
    late_threshold_ms: float
    answered: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        target_rate = self.target_rate

        sent = self.sent

        send_rate = self.send_rate

        late_sends = self.late_sends

        dropped_sends = self.dropped_sends

        max_send_lag_ms = self.max_send_lag_ms

        late_threshold_ms = self.late_threshold_ms

        answered: int | None | Unset
        if isinstance(self.answered, Unset):
            answered = UNSET
        else:
            answered = self.answered

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "target_rate": target_rate,
                "sent": sent,
                "send_rate": send_rate,
                "late_sends": late_sends,
                "dropped_sends": dropped_sends,
                "max_send_lag_ms": max_send_lag_ms,
                "late_threshold_ms": late_threshold_ms,
            }
        )
        if answered is not UNSET:
            field_dict["answered"] = answered

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        target_rate = d.pop("target_rate")

        sent = d.pop("sent")

        send_rate = d.pop("send_rate")

        late_sends = d.pop("late_sends")

        dropped_sends = d.pop("dropped_sends")

        max_send_lag_ms = d.pop("max_send_lag_ms")

        late_threshold_ms = d.pop("late_threshold_ms")

        def _parse_answered(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        answered = _parse_answered(d.pop("answered", UNSET))

        open_loop_stats = cls(
            target_rate=target_rate,
            sent=sent,
            send_rate=send_rate,
            late_sends=late_sends,
            dropped_sends=dropped_sends,
            max_send_lag_ms=max_send_lag_ms,
            late_threshold_ms=late_threshold_ms,
            answered=answered,
        )

        return open_loop_stats
