from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.command_result import CommandResult
    from ..models.heartbeat import Heartbeat
    from ..models.sample_batch import SampleBatch


T = TypeVar("T", bound="AgentMessageEnvelope")


@_attrs_define
class AgentMessageEnvelope:
    """
    Attributes:
        body (CommandResult | Heartbeat | SampleBatch):
        v (int | Unset): Protocol version of this envelope. Default: 1.
        id (str | Unset):
        type_ (str | Unset): The body's type, for routing without parsing. Default: ''.
        sent_at (datetime.datetime | Unset):
    """

    body: CommandResult | Heartbeat | SampleBatch
    v: int | Unset = 1
    id: str | Unset = UNSET
    type_: str | Unset = ""
    sent_at: datetime.datetime | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.heartbeat import Heartbeat
        from ..models.sample_batch import SampleBatch

        body: dict[str, Any]
        if isinstance(self.body, Heartbeat) or isinstance(self.body, SampleBatch):
            body = self.body.to_dict()
        else:
            body = self.body.to_dict()

        v = self.v

        id = self.id

        type_ = self.type_

        sent_at: str | Unset = UNSET
        if not isinstance(self.sent_at, Unset):
            sent_at = self.sent_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "body": body,
            }
        )
        if v is not UNSET:
            field_dict["v"] = v
        if id is not UNSET:
            field_dict["id"] = id
        if type_ is not UNSET:
            field_dict["type"] = type_
        if sent_at is not UNSET:
            field_dict["sent_at"] = sent_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.command_result import CommandResult
        from ..models.heartbeat import Heartbeat
        from ..models.sample_batch import SampleBatch

        d = dict(src_dict)

        def _parse_body(data: object) -> CommandResult | Heartbeat | SampleBatch:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                body_type_0 = Heartbeat.from_dict(data)

                return body_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                body_type_1 = SampleBatch.from_dict(data)

                return body_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            body_type_2 = CommandResult.from_dict(data)

            return body_type_2

        body = _parse_body(d.pop("body"))

        v = d.pop("v", UNSET)

        id = d.pop("id", UNSET)

        type_ = d.pop("type", UNSET)

        _sent_at = d.pop("sent_at", UNSET)
        sent_at: datetime.datetime | Unset
        if isinstance(_sent_at, Unset):
            sent_at = UNSET
        else:
            sent_at = datetime.datetime.fromisoformat(_sent_at)

        agent_message_envelope = cls(
            body=body,
            v=v,
            id=id,
            type_=type_,
            sent_at=sent_at,
        )

        return agent_message_envelope
