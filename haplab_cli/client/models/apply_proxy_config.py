from __future__ import annotations

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.apply_proxy_config_files import ApplyProxyConfigFiles


T = TypeVar("T", bound="ApplyProxyConfig")


@_attrs_define
class ApplyProxyConfig:
    """Proxy role: write these files and this haproxy.cfg, check it, (re)load HAProxy.

    Attributes:
        run_id (int):
        config_text (str): Rendered haproxy.cfg.
        type_ (Literal['apply_proxy_config'] | Unset):  Default: 'apply_proxy_config'.
        ready_timeout_s (float | Unset): How long to wait for the frontends to listen and servers to be UP. Default:
            15.0.
        files (ApplyProxyConfigFiles | Unset): Files written under the runtime directory before the check.
        request_log_one_in (int | None | Unset): The config logs one request in this many to the runtime directory's
            timers socket (RenderContext.request_log_one_in): bind it before HAProxy starts and read it from StartSampling
            on (source `timers`). None: no request log.
    """

    run_id: int
    config_text: str
    type_: Literal["apply_proxy_config"] | Unset = "apply_proxy_config"
    ready_timeout_s: float | Unset = 15.0
    files: ApplyProxyConfigFiles | Unset = UNSET
    request_log_one_in: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        run_id = self.run_id

        config_text = self.config_text

        type_ = self.type_

        ready_timeout_s = self.ready_timeout_s

        files: dict[str, Any] | Unset = UNSET
        if not isinstance(self.files, Unset):
            files = self.files.to_dict()

        request_log_one_in: int | None | Unset
        if isinstance(self.request_log_one_in, Unset):
            request_log_one_in = UNSET
        else:
            request_log_one_in = self.request_log_one_in

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "run_id": run_id,
                "config_text": config_text,
            }
        )
        if type_ is not UNSET:
            field_dict["type"] = type_
        if ready_timeout_s is not UNSET:
            field_dict["ready_timeout_s"] = ready_timeout_s
        if files is not UNSET:
            field_dict["files"] = files
        if request_log_one_in is not UNSET:
            field_dict["request_log_one_in"] = request_log_one_in

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.apply_proxy_config_files import ApplyProxyConfigFiles

        d = dict(src_dict)
        run_id = d.pop("run_id")

        config_text = d.pop("config_text")

        type_ = cast(Literal["apply_proxy_config"] | Unset, d.pop("type", UNSET))
        if type_ != "apply_proxy_config" and not isinstance(type_, Unset):
            raise ValueError(
                f"type must match const 'apply_proxy_config', got '{type_}'"
            )

        ready_timeout_s = d.pop("ready_timeout_s", UNSET)

        _files = d.pop("files", UNSET)
        files: ApplyProxyConfigFiles | Unset
        if isinstance(_files, Unset):
            files = UNSET
        else:
            files = ApplyProxyConfigFiles.from_dict(_files)

        def _parse_request_log_one_in(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        request_log_one_in = _parse_request_log_one_in(
            d.pop("request_log_one_in", UNSET)
        )

        apply_proxy_config = cls(
            run_id=run_id,
            config_text=config_text,
            type_=type_,
            ready_timeout_s=ready_timeout_s,
            files=files,
            request_log_one_in=request_log_one_in,
        )

        return apply_proxy_config
