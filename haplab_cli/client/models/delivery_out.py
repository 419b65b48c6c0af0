from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.delivery_out_status import DeliveryOutStatus

if TYPE_CHECKING:
    from ..models.delivery_out_payload import DeliveryOutPayload


T = TypeVar("T", bound="DeliveryOut")


@_attrs_define
class DeliveryOut:
    """
    Attributes:
        id (int):
        webhook_id (int):
        event (str):
        status (DeliveryOutStatus):
        attempts (int):
        last_status_code (int | None):
        last_response (None | str): The receiver's answer, its first 2,000 characters.
        last_error (None | str):
        created_at (datetime.datetime):
        last_attempt_at (datetime.datetime | None):
        delivered_at (datetime.datetime | None):
        payload (DeliveryOutPayload):
    """

    id: int
    webhook_id: int
    event: str
    status: DeliveryOutStatus
    attempts: int
    last_status_code: int | None
    last_response: None | str
    last_error: None | str
    created_at: datetime.datetime
    last_attempt_at: datetime.datetime | None
    delivered_at: datetime.datetime | None
    payload: DeliveryOutPayload
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        webhook_id = self.webhook_id

        event = self.event

        status = self.status.value

        attempts = self.attempts

        last_status_code: int | None
        last_status_code = self.last_status_code

        last_response: None | str
        last_response = self.last_response

        last_error: None | str
        last_error = self.last_error

        created_at = self.created_at.isoformat()

        last_attempt_at: None | str
        if isinstance(self.last_attempt_at, datetime.datetime):
            last_attempt_at = self.last_attempt_at.isoformat()
        else:
            last_attempt_at = self.last_attempt_at

        delivered_at: None | str
        if isinstance(self.delivered_at, datetime.datetime):
            delivered_at = self.delivered_at.isoformat()
        else:
            delivered_at = self.delivered_at

        payload = self.payload.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "webhook_id": webhook_id,
                "event": event,
                "status": status,
                "attempts": attempts,
                "last_status_code": last_status_code,
                "last_response": last_response,
                "last_error": last_error,
                "created_at": created_at,
                "last_attempt_at": last_attempt_at,
                "delivered_at": delivered_at,
                "payload": payload,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.delivery_out_payload import DeliveryOutPayload

        d = dict(src_dict)
        id = d.pop("id")

        webhook_id = d.pop("webhook_id")

        event = d.pop("event")

        status = DeliveryOutStatus(d.pop("status"))

        attempts = d.pop("attempts")

        def _parse_last_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_status_code = _parse_last_status_code(d.pop("last_status_code"))

        def _parse_last_response(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_response = _parse_last_response(d.pop("last_response"))

        def _parse_last_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_error = _parse_last_error(d.pop("last_error"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_last_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_attempt_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_attempt_at = _parse_last_attempt_at(d.pop("last_attempt_at"))

        def _parse_delivered_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                delivered_at_type_0 = datetime.datetime.fromisoformat(data)

                return delivered_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        delivered_at = _parse_delivered_at(d.pop("delivered_at"))

        payload = DeliveryOutPayload.from_dict(d.pop("payload"))

        delivery_out = cls(
            id=id,
            webhook_id=webhook_id,
            event=event,
            status=status,
            attempts=attempts,
            last_status_code=last_status_code,
            last_response=last_response,
            last_error=last_error,
            created_at=created_at,
            last_attempt_at=last_attempt_at,
            delivered_at=delivered_at,
            payload=payload,
        )

        delivery_out.additional_properties = d
        return delivery_out

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
