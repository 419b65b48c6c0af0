from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.description_check import DescriptionCheck
from ...models.description_check_request import DescriptionCheckRequest
from ...models.error_body import ErrorBody
from ...models.http_validation_error import HTTPValidationError
from ...models.server_error_body import ServerErrorBody
from ...types import Response


def _get_kwargs(
    *,
    body: DescriptionCheckRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/templates/description-check",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> DescriptionCheck | ErrorBody | HTTPValidationError | ServerErrorBody | None:
    if response.status_code == 200:
        response_200 = DescriptionCheck.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = ErrorBody.from_dict(response.json())

        return response_401

    if response.status_code == 422:
        response_422 = HTTPValidationError.from_dict(response.json())

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
) -> Response[DescriptionCheck | ErrorBody | HTTPValidationError | ServerErrorBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: DescriptionCheckRequest,
) -> Response[DescriptionCheck | ErrorBody | HTTPValidationError | ServerErrorBody]:
    """Check Template Description

     Whether an experiment's description is a template's sentence its spec no longer bears out
    (the designer's "update the description?"), with the sentence that template writes for it.

    Args:
        body (DescriptionCheckRequest): An experiment's description and its spec as the designer
            holds them (possibly half-edited).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DescriptionCheck | ErrorBody | HTTPValidationError | ServerErrorBody]
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
    body: DescriptionCheckRequest,
) -> DescriptionCheck | ErrorBody | HTTPValidationError | ServerErrorBody | None:
    """Check Template Description

     Whether an experiment's description is a template's sentence its spec no longer bears out
    (the designer's "update the description?"), with the sentence that template writes for it.

    Args:
        body (DescriptionCheckRequest): An experiment's description and its spec as the designer
            holds them (possibly half-edited).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DescriptionCheck | ErrorBody | HTTPValidationError | ServerErrorBody
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: DescriptionCheckRequest,
) -> Response[DescriptionCheck | ErrorBody | HTTPValidationError | ServerErrorBody]:
    """Check Template Description

     Whether an experiment's description is a template's sentence its spec no longer bears out
    (the designer's "update the description?"), with the sentence that template writes for it.

    Args:
        body (DescriptionCheckRequest): An experiment's description and its spec as the designer
            holds them (possibly half-edited).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DescriptionCheck | ErrorBody | HTTPValidationError | ServerErrorBody]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: DescriptionCheckRequest,
) -> DescriptionCheck | ErrorBody | HTTPValidationError | ServerErrorBody | None:
    """Check Template Description

     Whether an experiment's description is a template's sentence its spec no longer bears out
    (the designer's "update the description?"), with the sentence that template writes for it.

    Args:
        body (DescriptionCheckRequest): An experiment's description and its spec as the designer
            holds them (possibly half-edited).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DescriptionCheck | ErrorBody | HTTPValidationError | ServerErrorBody
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
