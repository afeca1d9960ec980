"""The in-process transports again, for clients built on ``httpx2`` (the anthropic SDK, google-genai).

``anthropic`` refuses an ``httpx.Client`` ("this SDK uses httpx2"); ``httpx2`` has the same transport
interface under another package name, so :class:`BuiltinTransport2` hands the request to the same
:func:`~.transport.handle` as :class:`~.transport.BuiltinTransport` does — every wire answers byte for
byte as it does over HTTP. Example::

    client = anthropic.Anthropic(api_key="unused", base_url="http://builtin",
                                 http_client=httpx2.Client(transport=BuiltinTransport2()))
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import httpx2

from toolcall_lab.offline.endpoint import BuiltinModel
from toolcall_lab.offline.faults import InjectedTimeout
from toolcall_lab.offline.transport import handle


class _Events(httpx2.SyncByteStream, httpx2.AsyncByteStream):
    """A response body handed to the client event by event, as the model produces it."""

    def __init__(self, events: Iterator[bytes]) -> None:
        self._events = events

    def __iter__(self) -> Iterator[bytes]:
        yield from self._events

    async def __aiter__(self) -> AsyncIterator[bytes]:
        for event in self._events:
            yield event


def _response(request: httpx2.Request, model: BuiltinModel) -> httpx2.Response:
    try:
        status, headers, body = handle(model, request.method, request.url.path, request.content)
    except InjectedTimeout as exc:
        raise httpx2.ReadTimeout(str(exc), request=request) from exc
    if isinstance(body, bytes):
        return httpx2.Response(status, headers=headers, content=body, request=request)
    return httpx2.Response(status, headers=headers, stream=_Events(body), request=request)


class BuiltinTransport2(httpx2.BaseTransport):
    """``httpx2`` transport answering from a :class:`BuiltinModel` in-process."""

    def __init__(self, model: BuiltinModel | None = None) -> None:
        self.model = model or BuiltinModel()

    def handle_request(self, request: httpx2.Request) -> httpx2.Response:
        """Answer one request without leaving the process."""
        request.read()
        return _response(request, self.model)


class AsyncBuiltinTransport2(httpx2.AsyncBaseTransport):
    """The same, for an ``httpx2.AsyncClient``."""

    def __init__(self, model: BuiltinModel | None = None) -> None:
        self.model = model or BuiltinModel()

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        """Answer one request without leaving the process."""
        await request.aread()
        return _response(request, self.model)
