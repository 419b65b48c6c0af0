from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.launch_request import LaunchRequest
from ...models.run_launched import RunLaunched
from ...models.server_error_body import ServerErrorBody
from ...types import Response


def _get_kwargs(
    experiment_id: int,
    *,
    body: LaunchRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/experiments/{experiment_id}/launch".format(
            experiment_id=quote(str(experiment_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | RunLaunched | ServerErrorBody | None:
    if response.status_code == 201:
        response_201 = RunLaunched.from_dict(response.json())

        return response_201

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

    if response.status_code == 409:
        response_409 = ErrorBody.from_dict(response.json())

        return response_409

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
) -> Response[ErrorBody | RunLaunched | ServerErrorBody]:
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
    body: LaunchRequest,
) -> Response[ErrorBody | RunLaunched | ServerErrorBody]:
    """Launch Experiment

     Queue every run of the version's sweep on the lab, once each config passes `haproxy -c`.

    Args:
        experiment_id (int):
        body (LaunchRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | RunLaunched | ServerErrorBody]
    """

    kwargs = _get_kwargs(
        experiment_id=experiment_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    experiment_id: int,
    *,
    client: AuthenticatedClient | Client,
    body: LaunchRequest,
) -> ErrorBody | RunLaunched | ServerErrorBody | None:
    """Launch Experiment

     Queue every run of the version's sweep on the lab, once each config passes `haproxy -c`.

    Args:
        experiment_id (int):
        body (LaunchRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | RunLaunched | ServerErrorBody
    """

    return sync_detailed(
        experiment_id=experiment_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    experiment_id: int,
    *,
    client: AuthenticatedClient | Client,
    body: LaunchRequest,
) -> Response[ErrorBody | RunLaunched | ServerErrorBody]:
    """Launch Experiment

     Queue every run of the version's sweep on the lab, once each config passes `haproxy -c`.

    Args:
        experiment_id (int):
        body (LaunchRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | RunLaunched | ServerErrorBody]
    """

    kwargs = _get_kwargs(
        experiment_id=experiment_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    experiment_id: int,
    *,
    client: AuthenticatedClient | Client,
    body: LaunchRequest,
) -> ErrorBody | RunLaunched | ServerErrorBody | None:
    """Launch Experiment

     Queue every run of the version's sweep on the lab, once each config passes `haproxy -c`.

    Args:
        experiment_id (int):
        body (LaunchRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | RunLaunched | ServerErrorBody
    """

    return (
        await asyncio_detailed(
            experiment_id=experiment_id,
            client=client,
            body=body,
        )
    ).parsed
