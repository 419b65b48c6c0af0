from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.clock_echo import ClockEcho
from ...models.clock_probe import ClockProbe
from ...models.error_body import ErrorBody
from ...models.server_error_body import ServerErrorBody
from ...types import Response


def _get_kwargs(
    *,
    body: ClockProbe,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/agent/clock",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ClockEcho | ErrorBody | ServerErrorBody | None:
    if response.status_code == 200:
        response_200 = ClockEcho.from_dict(response.json())

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
) -> Response[ClockEcho | ErrorBody | ServerErrorBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ClockProbe,
) -> Response[ClockEcho | ErrorBody | ServerErrorBody]:
    """Clock

     One exchange of an agent's clock measurement: t1 back, with t2 and t3 on the API's clock.
    Only an enrolled agent may ask (`agent`), though the answer tells nothing but the time.

    Args:
        body (ClockProbe): The body of POST /agent/clock: the agent's clock as it sent the request
            (t1).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ClockEcho | ErrorBody | ServerErrorBody]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: ClockProbe,
) -> ClockEcho | ErrorBody | ServerErrorBody | None:
    """Clock

     One exchange of an agent's clock measurement: t1 back, with t2 and t3 on the API's clock.
    Only an enrolled agent may ask (`agent`), though the answer tells nothing but the time.

    Args:
        body (ClockProbe): The body of POST /agent/clock: the agent's clock as it sent the request
            (t1).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ClockEcho | ErrorBody | ServerErrorBody
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ClockProbe,
) -> Response[ClockEcho | ErrorBody | ServerErrorBody]:
    """Clock

     One exchange of an agent's clock measurement: t1 back, with t2 and t3 on the API's clock.
    Only an enrolled agent may ask (`agent`), though the answer tells nothing but the time.

    Args:
        body (ClockProbe): The body of POST /agent/clock: the agent's clock as it sent the request
            (t1).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ClockEcho | ErrorBody | ServerErrorBody]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: ClockProbe,
) -> ClockEcho | ErrorBody | ServerErrorBody | None:
    """Clock

     One exchange of an agent's clock measurement: t1 back, with t2 and t3 on the API's clock.
    Only an enrolled agent may ask (`agent`), though the answer tells nothing but the time.

    Args:
        body (ClockProbe): The body of POST /agent/clock: the agent's clock as it sent the request
            (t1).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ClockEcho | ErrorBody | ServerErrorBody
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
