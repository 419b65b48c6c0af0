from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.compare_series import CompareSeries
from ...models.error_body import ErrorBody
from ...models.server_error_body import ServerErrorBody
from ...types import UNSET, Response


def _get_kwargs(
    *,
    run_ids: list[int],
    series: list[str],
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_run_ids = run_ids

    params["run_ids"] = json_run_ids

    json_series = series

    params["series"] = json_series

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/runs/compare/series",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CompareSeries | ErrorBody | ServerErrorBody | None:
    if response.status_code == 200:
        response_200 = CompareSeries.from_dict(response.json())

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
) -> Response[CompareSeries | ErrorBody | ServerErrorBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    run_ids: list[int],
    series: list[str],
) -> Response[CompareSeries | ErrorBody | ServerErrorBody]:
    """Compare Runs Series

     Per-second values of the given (source, metric) pairs, every run on t = 0 at load start.

    Args:
        run_ids (list[int]): The runs, one parameter each (run_ids=3&run_ids=7), at most 200.
        series (list[str]): One parameter per series, `source|metric`, e.g.
            series=proxy|FRONTEND.req_tot.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CompareSeries | ErrorBody | ServerErrorBody]
    """

    kwargs = _get_kwargs(
        run_ids=run_ids,
        series=series,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    run_ids: list[int],
    series: list[str],
) -> CompareSeries | ErrorBody | ServerErrorBody | None:
    """Compare Runs Series

     Per-second values of the given (source, metric) pairs, every run on t = 0 at load start.

    Args:
        run_ids (list[int]): The runs, one parameter each (run_ids=3&run_ids=7), at most 200.
        series (list[str]): One parameter per series, `source|metric`, e.g.
            series=proxy|FRONTEND.req_tot.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CompareSeries | ErrorBody | ServerErrorBody
    """

    return sync_detailed(
        client=client,
        run_ids=run_ids,
        series=series,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    run_ids: list[int],
    series: list[str],
) -> Response[CompareSeries | ErrorBody | ServerErrorBody]:
    """Compare Runs Series

     Per-second values of the given (source, metric) pairs, every run on t = 0 at load start.

    Args:
        run_ids (list[int]): The runs, one parameter each (run_ids=3&run_ids=7), at most 200.
        series (list[str]): One parameter per series, `source|metric`, e.g.
            series=proxy|FRONTEND.req_tot.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CompareSeries | ErrorBody | ServerErrorBody]
    """

    kwargs = _get_kwargs(
        run_ids=run_ids,
        series=series,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    run_ids: list[int],
    series: list[str],
) -> CompareSeries | ErrorBody | ServerErrorBody | None:
    """Compare Runs Series

     Per-second values of the given (source, metric) pairs, every run on t = 0 at load start.

    Args:
        run_ids (list[int]): The runs, one parameter each (run_ids=3&run_ids=7), at most 200.
        series (list[str]): One parameter per series, `source|metric`, e.g.
            series=proxy|FRONTEND.req_tot.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CompareSeries | ErrorBody | ServerErrorBody
    """

    return (
        await asyncio_detailed(
            client=client,
            run_ids=run_ids,
            series=series,
        )
    ).parsed
