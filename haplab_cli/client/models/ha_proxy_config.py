from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.backend import Backend
    from ..models.defaults import Defaults
    from ..models.frontend import Frontend
    from ..models.global_ import Global
    from ..models.listen import Listen


T = TypeVar("T", bound="HAProxyConfig")


@_attrs_define
class HAProxyConfig:
    """A whole haproxy.cfg: global, defaults and the proxy sections. JSON key `global`.

    Attributes:
        global_ (Global | Unset): Process-wide settings (the `global` section).
        defaults (Defaults | Unset): Settings every frontend, backend and listen section inherits (the `defaults`
            section).
        frontends (list[Frontend] | Unset):
        backends (list[Backend] | Unset):
        listens (list[Listen] | Unset):
    """

    global_: Global | Unset = UNSET
    defaults: Defaults | Unset = UNSET
    frontends: list[Frontend] | Unset = UNSET
    backends: list[Backend] | Unset = UNSET
    listens: list[Listen] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        global_: dict[str, Any] | Unset = UNSET
        if not isinstance(self.global_, Unset):
            global_ = self.global_.to_dict()

        defaults: dict[str, Any] | Unset = UNSET
        if not isinstance(self.defaults, Unset):
            defaults = self.defaults.to_dict()

        frontends: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.frontends, Unset):
            frontends = []
            for frontends_item_data in self.frontends:
                frontends_item = frontends_item_data.to_dict()
                frontends.append(frontends_item)

        backends: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.backends, Unset):
            backends = []
            for backends_item_data in self.backends:
                backends_item = backends_item_data.to_dict()
                backends.append(backends_item)

        listens: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.listens, Unset):
            listens = []
            for listens_item_data in self.listens:
                listens_item = listens_item_data.to_dict()
                listens.append(listens_item)

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if global_ is not UNSET:
            field_dict["global"] = global_
        if defaults is not UNSET:
            field_dict["defaults"] = defaults
        if frontends is not UNSET:
            field_dict["frontends"] = frontends
        if backends is not UNSET:
            field_dict["backends"] = backends
        if listens is not UNSET:
            field_dict["listens"] = listens

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.backend import Backend
        from ..models.defaults import Defaults
        from ..models.frontend import Frontend
        from ..models.global_ import Global
        from ..models.listen import Listen

        d = dict(src_dict)
        _global_ = d.pop("global", UNSET)
        global_: Global | Unset
        if isinstance(_global_, Unset):
            global_ = UNSET
        else:
            global_ = Global.from_dict(_global_)

        _defaults = d.pop("defaults", UNSET)
        defaults: Defaults | Unset
        if isinstance(_defaults, Unset):
            defaults = UNSET
        else:
            defaults = Defaults.from_dict(_defaults)

        _frontends = d.pop("frontends", UNSET)
        frontends: list[Frontend] | Unset = UNSET
        if _frontends is not UNSET:
            frontends = []
            for frontends_item_data in _frontends:
                frontends_item = Frontend.from_dict(frontends_item_data)

                frontends.append(frontends_item)

        _backends = d.pop("backends", UNSET)
        backends: list[Backend] | Unset = UNSET
        if _backends is not UNSET:
            backends = []
            for backends_item_data in _backends:
                backends_item = Backend.from_dict(backends_item_data)

                backends.append(backends_item)

        _listens = d.pop("listens", UNSET)
        listens: list[Listen] | Unset = UNSET
        if _listens is not UNSET:
            listens = []
            for listens_item_data in _listens:
                listens_item = Listen.from_dict(listens_item_data)

                listens.append(listens_item)

        ha_proxy_config = cls(
            global_=global_,
            defaults=defaults,
            frontends=frontends,
            backends=backends,
            listens=listens,
        )

        return ha_proxy_config
