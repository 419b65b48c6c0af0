"""One POST to a webhook receiver, bounded in time and in memory whatever the receiver does.

- Time: the whole exchange (resolving the host, connecting, TLS, sending, the answer's status and
  headers, reading its body) ends by one deadline, settings.webhook_timeout_seconds after it
  began. httpx's timeouts are per operation (a read that waits 10 s), so a receiver dripping a
  byte every few seconds would hold the worker for as long as it likes; the deadline is
  asyncio's (`asyncio.timeout_at` cancels whatever is waiting), the way httpx's documentation
  says to bound a whole request.
- Memory: the answer's body is streamed and read up to MAX_ANSWER_BYTES (enough for the 2,000
  characters kept), then the connection is closed; compression is not asked for, so what is
  read is what came.
- Where: the address egress.resolve checked (pinned); no redirect followed; no proxy from the
  environment (trust_env=False: an HTTP(S)_PROXY variable would carry deliveries past the check).

The status decides the outcome: once it came, a body cut at the deadline or at the cap is only a
shorter excerpt. Nothing raises: every outcome is an Answer or a Failure that says whether
another attempt could help, so no error leaves a delivery pending.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass

import httpx

from backend.webhooks.egress import EgressPolicy, EgressRefusedError, resolve

log = logging.getLogger(__name__)

MAX_ANSWER_CHARS = 2000
MAX_ANSWER_BYTES = 4 * MAX_ANSWER_CHARS  # UTF-8 takes at most 4 bytes a character
# Closing the connection after the deadline may take this much longer, no more.
CLOSE_GRACE_S = 1.0


@dataclass(frozen=True)
class Answer:
    status_code: int
    text: str  # the first MAX_ANSWER_CHARS characters of the body


@dataclass(frozen=True)
class Failure:
    error: str
    retry: bool  # another attempt could do better (a network error, a timeout), or not (refused)


def post(
    url: str, body: bytes, headers: dict[str, str], deadline_s: float, policy: EgressPolicy | None = None
) -> Answer | Failure:
    """POST `body` to `url` (checked and pinned here) within `deadline_s` seconds in all."""
    try:
        return asyncio.run(_post(url, body, headers, deadline_s, policy or EgressPolicy.from_settings()))
    except Exception as exc:  # what nobody foresaw still ends the attempt, recorded and bounded
        log.exception("webhook POST to %s failed unexpectedly", url)
        return Failure(f"unexpected error: {type(exc).__name__}: {exc}", retry=True)


async def _post(
    url: str, body: bytes, headers: dict[str, str], deadline_s: float, policy: EgressPolicy
) -> Answer | Failure:
    deadline = asyncio.get_running_loop().time() + deadline_s
    timed_out = Failure(
        f"timed out: no answer within {deadline_s:g} s, the time a whole attempt may take", retry=True
    )
    try:
        async with asyncio.timeout_at(deadline + CLOSE_GRACE_S):
            try:
                async with asyncio.timeout_at(deadline):
                    target = await resolve(url, policy)
            except EgressRefusedError as exc:
                return Failure(f"refused: {exc}", retry=False)
            except OSError as exc:  # socket.gaierror: no such name, or no answer from DNS
                return Failure(f"the host does not resolve: {exc}", retry=True)
            # httpx's own timeouts (each operation) are only a second line behind the deadline.
            async with httpx.AsyncClient(timeout=deadline_s, trust_env=False, follow_redirects=False) as http:
                request = http.build_request(
                    "POST",
                    target.url,
                    content=body,
                    headers={**headers, "Host": target.host_header, "Accept-Encoding": "identity"},
                    extensions={"sni_hostname": target.sni_hostname} if target.sni_hostname else {},
                )
                try:
                    async with asyncio.timeout_at(deadline):
                        response = await http.send(request, stream=True)
                except httpx.HTTPError as exc:
                    return Failure(f"{type(exc).__name__}: {exc}", retry=True)
                try:
                    excerpt = await _read_start(response, deadline)
                finally:
                    await response.aclose()
    except TimeoutError:
        return timed_out
    text = excerpt.decode("utf-8", errors="replace")[:MAX_ANSWER_CHARS]
    return Answer(response.status_code, text.replace("\x00", "\ufffd"))  # PostgreSQL text holds no NUL


async def _read_start(response: httpx.Response, deadline: float) -> bytes:
    """The body's first MAX_ANSWER_BYTES, or what came of it by the deadline."""
    excerpt = bytearray()
    try:
        async with asyncio.timeout_at(deadline):
            async for chunk in response.aiter_raw():
                excerpt += chunk[: MAX_ANSWER_BYTES - len(excerpt)]
                if len(excerpt) >= MAX_ANSWER_BYTES:
                    break
    except (TimeoutError, httpx.HTTPError, httpx.StreamError):
        pass  # the status was the receiver's word; the excerpt is what came of the rest
    return bytes(excerpt)
