from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.apply_proxy_config import ApplyProxyConfig
    from ..models.await_load import AwaitLoad
    from ..models.command_result import CommandResult
    from ..models.heartbeat import Heartbeat
    from ..models.hello import Hello
    from ..models.hold_samples import HoldSamples
    from ..models.renew_lease import RenewLease
    from ..models.resolve_hosts import ResolveHosts
    from ..models.sample_batch import SampleBatch
    from ..models.send_samples_now import SendSamplesNow
    from ..models.shape_links import ShapeLinks
    from ..models.start_database import StartDatabase
    from ..models.start_load import StartLoad
    from ..models.start_sampling import StartSampling
    from ..models.start_targets import StartTargets
    from ..models.stop_load import StopLoad
    from ..models.teardown import Teardown


T = TypeVar("T", bound="Envelope")


@_attrs_define
class Envelope:
    """One message on the wire: protocol version, id, type, time sent, typed body.

    Attributes:
        body (ApplyProxyConfig | AwaitLoad | CommandResult | Heartbeat | Hello | HoldSamples | RenewLease | ResolveHosts
            | SampleBatch | SendSamplesNow | ShapeLinks | StartDatabase | StartLoad | StartSampling | StartTargets |
            StopLoad | Teardown):
        v (int | Unset): Protocol version of this envelope. Default: 1.
        id (str | Unset):
        type_ (str | Unset): The body's type, for routing without parsing. Default: ''.
        sent_at (datetime.datetime | Unset):
    """

    body: (
        ApplyProxyConfig
        | AwaitLoad
        | CommandResult
        | Heartbeat
        | Hello
        | HoldSamples
        | RenewLease
        | ResolveHosts
        | SampleBatch
        | SendSamplesNow
        | ShapeLinks
        | StartDatabase
        | StartLoad
        | StartSampling
        | StartTargets
        | StopLoad
        | Teardown
    )
    v: int | Unset = 1
    id: str | Unset = UNSET
    type_: str | Unset = ""
    sent_at: datetime.datetime | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.apply_proxy_config import ApplyProxyConfig
        from ..models.await_load import AwaitLoad
        from ..models.command_result import CommandResult
        from ..models.heartbeat import Heartbeat
        from ..models.hello import Hello
        from ..models.hold_samples import HoldSamples
        from ..models.renew_lease import RenewLease
        from ..models.resolve_hosts import ResolveHosts
        from ..models.sample_batch import SampleBatch
        from ..models.shape_links import ShapeLinks
        from ..models.start_database import StartDatabase
        from ..models.start_load import StartLoad
        from ..models.start_sampling import StartSampling
        from ..models.start_targets import StartTargets
        from ..models.stop_load import StopLoad
        from ..models.teardown import Teardown

        body: dict[str, Any]
        if (
            isinstance(self.body, Hello)
            or isinstance(self.body, Heartbeat)
            or isinstance(self.body, SampleBatch)
            or isinstance(self.body, CommandResult)
            or isinstance(self.body, ApplyProxyConfig)
            or isinstance(self.body, StartSampling)
            or isinstance(self.body, StartTargets)
            or isinstance(self.body, StartDatabase)
            or isinstance(self.body, StartLoad)
            or isinstance(self.body, AwaitLoad)
            or isinstance(self.body, RenewLease)
            or isinstance(self.body, StopLoad)
            or isinstance(self.body, Teardown)
            or isinstance(self.body, ShapeLinks)
            or isinstance(self.body, ResolveHosts)
            or isinstance(self.body, HoldSamples)
        ):
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
        from ..models.apply_proxy_config import ApplyProxyConfig
        from ..models.await_load import AwaitLoad
        from ..models.command_result import CommandResult
        from ..models.heartbeat import Heartbeat
        from ..models.hello import Hello
        from ..models.hold_samples import HoldSamples
        from ..models.renew_lease import RenewLease
        from ..models.resolve_hosts import ResolveHosts
        from ..models.sample_batch import SampleBatch
        from ..models.send_samples_now import SendSamplesNow
        from ..models.shape_links import ShapeLinks
        from ..models.start_database import StartDatabase
        from ..models.start_load import StartLoad
        from ..models.start_sampling import StartSampling
        from ..models.start_targets import StartTargets
        from ..models.stop_load import StopLoad
        from ..models.teardown import Teardown

        d = dict(src_dict)

        def _parse_body(
            data: object,
        ) -> (
            ApplyProxyConfig
            | AwaitLoad
            | CommandResult
            | Heartbeat
            | Hello
            | HoldSamples
            | RenewLease
            | ResolveHosts
            | SampleBatch
            | SendSamplesNow
            | ShapeLinks
            | StartDatabase
            | StartLoad
            | StartSampling
            | StartTargets
            | StopLoad
            | Teardown
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                body_type_0 = Hello.from_dict(data)

                return body_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                body_type_1 = Heartbeat.from_dict(data)

                return body_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                body_type_2 = SampleBatch.from_dict(data)

                return body_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                body_type_3 = CommandResult.from_dict(data)

                return body_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                body_type_4 = ApplyProxyConfig.from_dict(data)

                return body_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                body_type_5 = StartSampling.from_dict(data)

                return body_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                body_type_6 = StartTargets.from_dict(data)

                return body_type_6
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                body_type_7 = StartDatabase.from_dict(data)

                return body_type_7
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                body_type_8 = StartLoad.from_dict(data)

                return body_type_8
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                body_type_9 = AwaitLoad.from_dict(data)

                return body_type_9
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                body_type_10 = RenewLease.from_dict(data)

                return body_type_10
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                body_type_11 = StopLoad.from_dict(data)

                return body_type_11
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                body_type_12 = Teardown.from_dict(data)

                return body_type_12
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                body_type_13 = ShapeLinks.from_dict(data)

                return body_type_13
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                body_type_14 = ResolveHosts.from_dict(data)

                return body_type_14
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                body_type_15 = HoldSamples.from_dict(data)

                return body_type_15
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            body_type_16 = SendSamplesNow.from_dict(data)

            return body_type_16

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

        envelope = cls(
            body=body,
            v=v,
            id=id,
            type_=type_,
            sent_at=sent_at,
        )

        return envelope
