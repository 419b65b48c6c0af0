from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.load_profile_driver import LoadProfileDriver
from ..models.load_profile_http_version import LoadProfileHttpVersion
from ..models.load_profile_method import LoadProfileMethod
from ..models.load_profile_per_injector import LoadProfilePerInjector
from ..models.load_profile_via import LoadProfileVia
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.load_profile_headers import LoadProfileHeaders
    from ..models.load_stage import LoadStage
    from ..models.sql_workload import SqlWorkload


T = TypeVar("T", bound="LoadProfile")


@_attrs_define
class LoadProfile:
    """The traffic a run sends: the total across the lab's injectors (per_injector).

    Attributes:
        driver (LoadProfileDriver | Unset): The load tool the injector runs. Default: LoadProfileDriver.HEY.
        connections (int | Unset): Concurrent client connections (or SQL clients) the tool keeps open. Default: 50.
        threads (int | Unset): Tool threads; each needs at least one connection. Default: 2.
        duration_s (int | Unset): Measured duration in seconds (a time cap for mariadb-slap). With stages: their sum,
            derived when left out (a different value is refused). Default: 30.
        warmup_s (int | Unset): Seconds of load before measuring starts; their samples are kept but marked warm-up.
            Default: 0.
        rate (float | None | Unset): Requests/s to hold (open loop); empty sends as fast as replies come (closed loop).
            With rate stages: their mean asked rate, derived when left out (a different value is refused).
        stages (list[LoadStage] | Unset): Load that changes within the run: stages run one after another (after the
            warm-up, which holds the first stage's target) and the measured duration is their sum. All rate stages (open
            loop) or all connection stages (closed loop; load.connections is then the largest, derived when left out).
            Empty: one constant load. vegeta only.
        keep_alive (bool | Unset): Reuse client connections; off closes the connection after every request. Default:
            True.
        http_version (LoadProfileHttpVersion | Unset): HTTP version the client speaks to the proxy (2 = h2c or TLS +
            ALPN h2). Default: LoadProfileHttpVersion.VALUE_0.
        tls (bool | Unset): Connect to the proxy with TLS (needs a frontend with ssl). Default: False.
        method (LoadProfileMethod | Unset): HTTP method of every request. Default: LoadProfileMethod.GET.
        path (str | Unset): Request path and query, starting with '/'. Default: '/'.
        headers (LoadProfileHeaders | Unset): Extra request headers sent with every request.
        body (None | str | Unset): Request body sent with every request (at most 65536 characters).
        request_timeout_s (float | Unset): A request without a reply after this many seconds counts as a timeout.
            Default: 20.0.
        sql (None | SqlWorkload | Unset): The SQL workload; required for mariadb-slap, refused for HTTP drivers.
        per_injector (LoadProfilePerInjector | Unset): How the profile meets a lab with several injectors. share: the
            profile is the total, split across the injectors (connections, rate and threads; integer parts that add up to
            it, weighted by the lab's injector_weights). whole: each injector runs the whole profile, so N injectors send N
            times it. Default: LoadProfilePerInjector.SHARE.
        via (LoadProfileVia | Unset): proxy = through the HAProxy entry point; direct = straight at the lab's managed
            MariaDB target, bypassing the proxy (a baseline; a sweep axis value). Default: LoadProfileVia.PROXY.
    """

    driver: LoadProfileDriver | Unset = LoadProfileDriver.HEY
    connections: int | Unset = 50
    threads: int | Unset = 2
    duration_s: int | Unset = 30
    warmup_s: int | Unset = 0
    rate: float | None | Unset = UNSET
    stages: list[LoadStage] | Unset = UNSET
    keep_alive: bool | Unset = True
    http_version: LoadProfileHttpVersion | Unset = LoadProfileHttpVersion.VALUE_0
    tls: bool | Unset = False
    method: LoadProfileMethod | Unset = LoadProfileMethod.GET
    path: str | Unset = "/"
    headers: LoadProfileHeaders | Unset = UNSET
    body: None | str | Unset = UNSET
    request_timeout_s: float | Unset = 20.0
    sql: None | SqlWorkload | Unset = UNSET
    per_injector: LoadProfilePerInjector | Unset = LoadProfilePerInjector.SHARE
    via: LoadProfileVia | Unset = LoadProfileVia.PROXY

    def to_dict(self) -> dict[str, Any]:
        from ..models.sql_workload import SqlWorkload

        driver: str | Unset = UNSET
        if not isinstance(self.driver, Unset):
            driver = self.driver.value

        connections = self.connections

        threads = self.threads

        duration_s = self.duration_s

        warmup_s = self.warmup_s

        rate: float | None | Unset
        if isinstance(self.rate, Unset):
            rate = UNSET
        else:
            rate = self.rate

        stages: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.stages, Unset):
            stages = []
            for stages_item_data in self.stages:
                stages_item = stages_item_data.to_dict()
                stages.append(stages_item)

        keep_alive = self.keep_alive

        http_version: str | Unset = UNSET
        if not isinstance(self.http_version, Unset):
            http_version = self.http_version.value

        tls = self.tls

        method: str | Unset = UNSET
        if not isinstance(self.method, Unset):
            method = self.method.value

        path = self.path

        headers: dict[str, Any] | Unset = UNSET
        if not isinstance(self.headers, Unset):
            headers = self.headers.to_dict()

        body: None | str | Unset
        if isinstance(self.body, Unset):
            body = UNSET
        else:
            body = self.body

        request_timeout_s = self.request_timeout_s

        sql: dict[str, Any] | None | Unset
        if isinstance(self.sql, Unset):
            sql = UNSET
        elif isinstance(self.sql, SqlWorkload):
            sql = self.sql.to_dict()
        else:
            sql = self.sql

        per_injector: str | Unset = UNSET
        if not isinstance(self.per_injector, Unset):
            per_injector = self.per_injector.value

        via: str | Unset = UNSET
        if not isinstance(self.via, Unset):
            via = self.via.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if driver is not UNSET:
            field_dict["driver"] = driver
        if connections is not UNSET:
            field_dict["connections"] = connections
        if threads is not UNSET:
            field_dict["threads"] = threads
        if duration_s is not UNSET:
            field_dict["duration_s"] = duration_s
        if warmup_s is not UNSET:
            field_dict["warmup_s"] = warmup_s
        if rate is not UNSET:
            field_dict["rate"] = rate
        if stages is not UNSET:
            field_dict["stages"] = stages
        if keep_alive is not UNSET:
            field_dict["keep_alive"] = keep_alive
        if http_version is not UNSET:
            field_dict["http_version"] = http_version
        if tls is not UNSET:
            field_dict["tls"] = tls
        if method is not UNSET:
            field_dict["method"] = method
        if path is not UNSET:
            field_dict["path"] = path
        if headers is not UNSET:
            field_dict["headers"] = headers
        if body is not UNSET:
            field_dict["body"] = body
        if request_timeout_s is not UNSET:
            field_dict["request_timeout_s"] = request_timeout_s
        if sql is not UNSET:
            field_dict["sql"] = sql
        if per_injector is not UNSET:
            field_dict["per_injector"] = per_injector
        if via is not UNSET:
            field_dict["via"] = via

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.load_profile_headers import LoadProfileHeaders
        from ..models.load_stage import LoadStage
        from ..models.sql_workload import SqlWorkload

        d = dict(src_dict)
        _driver = d.pop("driver", UNSET)
        driver: LoadProfileDriver | Unset
        if isinstance(_driver, Unset):
            driver = UNSET
        else:
            driver = LoadProfileDriver(_driver)

        connections = d.pop("connections", UNSET)

        threads = d.pop("threads", UNSET)

        duration_s = d.pop("duration_s", UNSET)

        warmup_s = d.pop("warmup_s", UNSET)

        def _parse_rate(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        rate = _parse_rate(d.pop("rate", UNSET))

        _stages = d.pop("stages", UNSET)
        stages: list[LoadStage] | Unset = UNSET
        if _stages is not UNSET:
            stages = []
            for stages_item_data in _stages:
                stages_item = LoadStage.from_dict(stages_item_data)

                stages.append(stages_item)

        keep_alive = d.pop("keep_alive", UNSET)

        _http_version = d.pop("http_version", UNSET)
        http_version: LoadProfileHttpVersion | Unset
        if isinstance(_http_version, Unset):
            http_version = UNSET
        else:
            http_version = LoadProfileHttpVersion(_http_version)

        tls = d.pop("tls", UNSET)

        _method = d.pop("method", UNSET)
        method: LoadProfileMethod | Unset
        if isinstance(_method, Unset):
            method = UNSET
        else:
            method = LoadProfileMethod(_method)

        path = d.pop("path", UNSET)

        _headers = d.pop("headers", UNSET)
        headers: LoadProfileHeaders | Unset
        if isinstance(_headers, Unset):
            headers = UNSET
        else:
            headers = LoadProfileHeaders.from_dict(_headers)

        def _parse_body(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        body = _parse_body(d.pop("body", UNSET))

        request_timeout_s = d.pop("request_timeout_s", UNSET)

        def _parse_sql(data: object) -> None | SqlWorkload | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                sql_type_0 = SqlWorkload.from_dict(data)

                return sql_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SqlWorkload | Unset, data)

        sql = _parse_sql(d.pop("sql", UNSET))

        _per_injector = d.pop("per_injector", UNSET)
        per_injector: LoadProfilePerInjector | Unset
        if isinstance(_per_injector, Unset):
            per_injector = UNSET
        else:
            per_injector = LoadProfilePerInjector(_per_injector)

        _via = d.pop("via", UNSET)
        via: LoadProfileVia | Unset
        if isinstance(_via, Unset):
            via = UNSET
        else:
            via = LoadProfileVia(_via)

        load_profile = cls(
            driver=driver,
            connections=connections,
            threads=threads,
            duration_s=duration_s,
            warmup_s=warmup_s,
            rate=rate,
            stages=stages,
            keep_alive=keep_alive,
            http_version=http_version,
            tls=tls,
            method=method,
            path=path,
            headers=headers,
            body=body,
            request_timeout_s=request_timeout_s,
            sql=sql,
            per_injector=per_injector,
            via=via,
        )

        return load_profile
