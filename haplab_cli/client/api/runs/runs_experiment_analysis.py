from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.server_error_body import ServerErrorBody
from ...models.sweep_analysis import SweepAnalysis
from ...types import UNSET, Response, Unset


def _get_kwargs(
    experiment_id: int,
    *,
    launch_id: int | None | Unset = UNSET,
    include_partial: bool | Unset = False,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_launch_id: int | None | Unset
    if isinstance(launch_id, Unset):
        json_launch_id = UNSET
    else:
        json_launch_id = launch_id
    params["launch_id"] = json_launch_id

    params["include_partial"] = include_partial

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/experiments/{experiment_id}/analysis".format(
            experiment_id=quote(str(experiment_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | ServerErrorBody | SweepAnalysis | None:
    if response.status_code == 200:
        response_200 = SweepAnalysis.from_dict(response.json())

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
) -> Response[ErrorBody | ServerErrorBody | SweepAnalysis]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    experiment_id: int,
    *,
    client: AuthenticatedClient | Client,
    launch_id: int | None | Unset = UNSET,
    include_partial: bool | Unset = False,
) -> Response[ErrorBody | ServerErrorBody | SweepAnalysis]:
    """Experiment Analysis

     Per-point results, the knee of the sweep, and the maxconn its load needs (Little's law).

    Partial runs are left out by default, and the answer says which.

    Args:
        experiment_id (int):
        launch_id (int | None | Unset): A launch of this experiment; default: the latest.
        include_partial (bool | Unset): Read partial runs (their load fell short of its window)
            like complete ones. Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | ServerErrorBody | SweepAnalysis]
    """

    kwargs = _get_kwargs(
        experiment_id=experiment_id,
        launch_id=launch_id,
        include_partial=include_partial,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    experiment_id: int,
    *,
    client: AuthenticatedClient | Client,
    launch_id: int | None | Unset = UNSET,
    include_partial: bool | Unset = False,
) -> ErrorBody | ServerErrorBody | SweepAnalysis | None:
    """Experiment Analysis

     Per-point results, the knee of the sweep, and the maxconn its load needs (Little's law).

    Partial runs are left out by default, and the answer says which.

    Args:
        experiment_id (int):
        launch_id (int | None | Unset): A launch of this experiment; default: the latest.
        include_partial (bool | Unset): Read partial runs (their load fell short of its window)
            like complete ones. Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | ServerErrorBody | SweepAnalysis
    """

    return sync_detailed(
        experiment_id=experiment_id,
        client=client,
        launch_id=launch_id,
        include_partial=include_partial,
    ).parsed


async def asyncio_detailed(
    experiment_id: int,
    *,
    client: AuthenticatedClient | Client,
    launch_id: int | None | Unset = UNSET,
    include_partial: bool | Unset = False,
) -> Response[ErrorBody | ServerErrorBody | SweepAnalysis]:
    """Experiment Analysis

     Per-point results, the knee of the sweep, and the maxconn its load needs (Little's law).

    Partial runs are left out by default, and the answer says which.

    Args:
        experiment_id (int):
        launch_id (int | None | Unset): A launch of this experiment; default: the latest.
        include_partial (bool | Unset): Read partial runs (their load fell short of its window)
            like complete ones. Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | ServerErrorBody | SweepAnalysis]
    """

    kwargs = _get_kwargs(
        experiment_id=experiment_id,
        launch_id=launch_id,
        include_partial=include_partial,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    experiment_id: int,
    *,
    client: AuthenticatedClient | Client,
    launch_id: int | None | Unset = UNSET,
    include_partial: bool | Unset = False,
) -> ErrorBody | ServerErrorBody | SweepAnalysis | None:
    """Experiment Analysis

     Per-point results, the knee of the sweep, and the maxconn its load needs (Little's law).

    Partial runs are left out by default, and the answer says which.

    Args:
        experiment_id (int):
        launch_id (int | None | Unset): A launch of this experiment; default: the latest.
        include_partial (bool | Unset): Read partial runs (their load fell short of its window)
            like complete ones. Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | ServerErrorBody | SweepAnalysis
    """

    return (
        await asyncio_detailed(
            experiment_id=experiment_id,
            client=client,
            launch_id=launch_id,
            include_partial=include_partial,
        )
    ).parsed
