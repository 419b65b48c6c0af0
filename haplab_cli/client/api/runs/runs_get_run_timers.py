from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.run_timers import RunTimers
from ...models.server_error_body import ServerErrorBody
from ...types import UNSET, Response, Unset


def _get_kwargs(
    run_id: int,
    *,
    scope: str | Unset = "*",
    step: int | Unset = 1,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["scope"] = scope

    params["step"] = step

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/runs/{run_id}/timers".format(
            run_id=quote(str(run_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | RunTimers | ServerErrorBody | None:
    if response.status_code == 200:
        response_200 = RunTimers.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorBody.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ErrorBody.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ErrorBody.from_dict(response.json())

        return response_404

    if response.status_code == 422:
        response_422 = ErrorBody.from_dict(response.json())

        return response_422

    if response.status_code == 500:
        response_500 = ServerErrorBody.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = ErrorBody.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ErrorBody | RunTimers | ServerErrorBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,
    scope: str | Unset = "*",
    step: int | Unset = 1,
) -> Response[ErrorBody | RunTimers | ServerErrorBody]:
    """Get Run Timers

     Per point the p50/p90/p99 of each of HAProxy's request timers (a bucket's seconds' histograms
    merged, never percentiles averaged) and its termination states' counts, for one scope; with the
    timers' and states' meanings and the run's summary of them (breakdown, table, sampling).

    Args:
        run_id (int):
        scope (str | Unset): "*" the whole proxy, a backend, or backend/server (see scopes).
            Default: '*'.
        step (int | Unset): Seconds per point: 1 for the stored seconds, more to merge them.
            Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | RunTimers | ServerErrorBody]
    """

    kwargs = _get_kwargs(
        run_id=run_id,
        scope=scope,
        step=step,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,
    scope: str | Unset = "*",
    step: int | Unset = 1,
) -> ErrorBody | RunTimers | ServerErrorBody | None:
    """Get Run Timers

     Per point the p50/p90/p99 of each of HAProxy's request timers (a bucket's seconds' histograms
    merged, never percentiles averaged) and its termination states' counts, for one scope; with the
    timers' and states' meanings and the run's summary of them (breakdown, table, sampling).

    Args:
        run_id (int):
        scope (str | Unset): "*" the whole proxy, a backend, or backend/server (see scopes).
            Default: '*'.
        step (int | Unset): Seconds per point: 1 for the stored seconds, more to merge them.
            Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | RunTimers | ServerErrorBody
    """

    return sync_detailed(
        run_id=run_id,
        client=client,
        scope=scope,
        step=step,
    ).parsed


async def asyncio_detailed(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,
    scope: str | Unset = "*",
    step: int | Unset = 1,
) -> Response[ErrorBody | RunTimers | ServerErrorBody]:
    """Get Run Timers

     Per point the p50/p90/p99 of each of HAProxy's request timers (a bucket's seconds' histograms
    merged, never percentiles averaged) and its termination states' counts, for one scope; with the
    timers' and states' meanings and the run's summary of them (breakdown, table, sampling).

    Args:
        run_id (int):
        scope (str | Unset): "*" the whole proxy, a backend, or backend/server (see scopes).
            Default: '*'.
        step (int | Unset): Seconds per point: 1 for the stored seconds, more to merge them.
            Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | RunTimers | ServerErrorBody]
    """

    kwargs = _get_kwargs(
        run_id=run_id,
        scope=scope,
        step=step,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,
    scope: str | Unset = "*",
    step: int | Unset = 1,
) -> ErrorBody | RunTimers | ServerErrorBody | None:
    """Get Run Timers

     Per point the p50/p90/p99 of each of HAProxy's request timers (a bucket's seconds' histograms
    merged, never percentiles averaged) and its termination states' counts, for one scope; with the
    timers' and states' meanings and the run's summary of them (breakdown, table, sampling).

    Args:
        run_id (int):
        scope (str | Unset): "*" the whole proxy, a backend, or backend/server (see scopes).
            Default: '*'.
        step (int | Unset): Seconds per point: 1 for the stored seconds, more to merge them.
            Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | RunTimers | ServerErrorBody
    """

    return (
        await asyncio_detailed(
            run_id=run_id,
            client=client,
            scope=scope,
            step=step,
        )
    ).parsed
