from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.hello import Hello


T = TypeVar("T", bound="HelloEnvelope")


@_attrs_define
class HelloEnvelope:
    """
    Attributes:
        body (Hello): First message of a connection: who the agent is and what it can do.
        v (int | Unset): Protocol version of this envelope. Default: 1.
        id (str | Unset):
        type_ (str | Unset): The body's type, for routing without parsing. Default: ''.
        sent_at (datetime.datetime | Unset):
    """

    body: Hello
    v: int | Unset = 1
    id: str | Unset = UNSET
    type_: str | Unset = ""
    sent_at: datetime.datetime | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
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
        from ..models.hello import Hello

        d = dict(src_dict)
        body = Hello.from_dict(d.pop("body"))

        v = d.pop("v", UNSET)

        id = d.pop("id", UNSET)

        type_ = d.pop("type", UNSET)

        _sent_at = d.pop("sent_at", UNSET)
        sent_at: datetime.datetime | Unset
        if isinstance(_sent_at, Unset):
            sent_at = UNSET
        else:
            sent_at = datetime.datetime.fromisoformat(_sent_at)

        hello_envelope = cls(
            body=body,
            v=v,
            id=id,
            type_=type_,
            sent_at=sent_at,
        )

        return hello_envelope
