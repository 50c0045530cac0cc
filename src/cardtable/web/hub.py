"""The WebSocket hub: each connection opens one seat with its token and is pushed that seat's
view (and nothing else) every time the match changes.

Protocol, JSON text frames of at most :data:`MAX_MESSAGE` bytes:

- the client's first message is ``{"type": "hello", "token": "<seat token>"}``; the server
  answers ``{"type": "view", "view": {...}}`` and then sends a new view after every change.
  ``"aids": true`` in the hello asks for the learning aids in every view (``aids`` is null
  in the views of a socket that did not ask); ``{"type": "aids", "on": true}`` (or false)
  turns them on or off later, answered with the view as it now is;
- ``{"type": "presence", "online": [true, false]}`` says which seats have a page open
  (sent when a page opens, and to the others when it changes; coalesced as views are);
- the client may send ``{"type": "ping"}`` (answered ``{"type": "pong"}``);
- the client may act over the socket, as with ``POST /api/matches/<id>/actions``:
  ``{"type": "act", "action": "discard QD", "expected": 12, "id": 7}``; once the action is
  stored (a durable commit) the answer is the seat's new view,
  ``{"type": "view", "reply": 7, "view": {...}}``, and a refusal is
  ``{"type": "error", "reply": 7, "status": 409, "error": "..."}`` with the status the HTTP
  endpoint would give, changing nothing. ``id`` is the client's number for the action
  (optional; echoed as ``reply``). The push of that same view is not sent again;
- anything else is answered ``{"type": "error", "error": "..."}``.

A socket opened by another site's page (its ``Origin`` is not this host) is closed at once
with 4403. A bad first message closes the connection: 4400 malformed, 4403 wrong token,
4404 no match, 4409 a stored match the table cannot play, 4429 too many token checks from
this address, 1009 a frame too big; each close follows an
``{"type": "error", "error": "..."}`` message that says why.

Sockets are bounded (:class:`~cardtable.web.limits.WebLimits`): a seat holds at most
``sockets_per_seat`` in a process (a new one closes its oldest with 4408), an address at
most ``sockets_per_address`` (past it a new one is closed with 4429), and a client whose
answers wait unsent (:data:`MAX_WAITING`: it sends and does not read) is closed with 1008.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import threading
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Final

from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from cardtable.errors import CardTableError
from cardtable.store import StoreUnavailableError
from cardtable.table import (
    AccessDeniedError,
    NotFoundError,
    TableService,
    TableUnavailableError,
    json_text,
)
from cardtable.web.errors import SERVER_FAULT, status_of, store_error_text
from cardtable.web.jsontext import BadJson, read_json_object
from cardtable.web.limits import RateLimited, WebLimits, charge, client_of
from cardtable.web.origin import cross_site
from cardtable.web.requests import MAX_TOKEN, act_problem, is_match_id, is_token

__all__ = ["MAX_MESSAGE", "Hub"]

MAX_MESSAGE = 4096
HELLO_TIMEOUT = 15.0
VIEW_RETRY = 1.0  # seconds before a view the database could not give is asked for again
# Threads for the sockets' actions, each of which waits for its durable commit. A pool of
# the hub's own: AnyIO's (``run_in_threadpool``) spends more of the event loop on the hand-
# over (a limiter, cancel scopes, context lookups) than a move of the simple level costs.
ACT_THREADS = 40
# Answers (to pings, actions, bad messages) a socket may have waiting to be sent; a client
# that keeps sending without reading is closed past it. Views and presence are not counted:
# each is one flag a socket, whatever happens meanwhile.
MAX_WAITING = 64
_ACT_EXTRA = frozenset({"type", "id"})  # an action's fields over the socket, beside the POST's

_log = logging.getLogger("cardtable.web")


class _Refused(Exception):
    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code


class _PresenceDue:
    """In an outbox: send the presence as it is then, if this page has not got it."""


_PRESENCE_DUE: Final = _PresenceDue()
_Item = dict[str, Any] | None | _PresenceDue  # None: send the seat's view as it is then


@dataclass(eq=False)
class _Connection:
    websocket: WebSocket
    seat: int
    token: str
    outbox: asyncio.Queue[_Item] = field(default_factory=asyncio.Queue)
    view_pending: bool = False
    presence_pending: bool = False
    last_presence: list[bool] | None = None  # the presence this page was sent last
    # While an action of this socket's is on its way, pushes wait: its answer is the view.
    acting: bool = False
    push_waiting: bool = False
    last_view: object = None  # the view object sent last (a push of the same one is skipped)
    aids: bool = False  # the views of this socket hold the learning aids


@dataclass
class _Room:
    connections: list[_Connection] = field(default_factory=list)
    unsubscribe: Callable[[], None] | None = None


class Hub:
    """Open WebSocket connections by match."""

    def __init__(self, service: TableService, limits: WebLimits | None = None) -> None:
        self.service = service
        self.limits = limits or WebLimits()
        self._rooms: dict[str, _Room] = {}
        self._by_address: Counter[str] = Counter()  # the open sockets of each address
        self._loop: asyncio.AbstractEventLoop | None = None
        self._guard = threading.Lock()
        self._acting: ThreadPoolExecutor | None = None  # made on the first action

    def close(self) -> None:
        """Let the threads of the sockets' actions end once the actions in hand are done
        (a later action starts new ones)."""
        acting, self._acting = self._acting, None
        if acting is not None:
            acting.shutdown(wait=False)

    def _pool(self) -> ThreadPoolExecutor:
        if self._acting is None:
            self._acting = ThreadPoolExecutor(ACT_THREADS, thread_name_prefix="cardtable-act")
        return self._acting

    def online(self, match_id: str) -> list[bool]:
        room = self._rooms.get(match_id)
        seats = {c.seat for c in room.connections} if room else set()
        return [0 in seats, 1 in seats]

    async def serve(self, websocket: WebSocket, match_id: str) -> None:
        """Run one connection until the client leaves."""
        self._loop = asyncio.get_running_loop()
        await websocket.accept()
        address = client_of(websocket)
        if self._by_address[address] >= self.limits.sockets_per_address:
            await _refuse(
                websocket,
                4429,
                f"too many sockets from your address (at most {self.limits.sockets_per_address})"
                ": close some pages",
            )
            return
        self._by_address[address] += 1
        try:
            await self._serve(websocket, match_id)
        finally:
            self._by_address[address] -= 1
            if not self._by_address[address]:
                del self._by_address[address]

    async def _serve(self, websocket: WebSocket, match_id: str) -> None:
        try:
            _check_origin(websocket)
            token, aids = await self._hello(websocket, match_id)
            seat = await run_in_threadpool(self.service.seat_of, match_id, token)
            first = await run_in_threadpool(self.service.view, match_id, token, aids)
        except _Refused as refused:
            await _refuse(websocket, refused.code, str(refused))
            return
        except NotFoundError as error:
            await _refuse(websocket, 4404, str(error))
            return
        except AccessDeniedError as error:
            await _refuse(websocket, 4403, str(error))
            return
        except StoreUnavailableError:  # 1013: try again later
            await _refuse(websocket, 1013, "the database did not answer: connect again shortly")
            return
        except CardTableError as error:  # a stored match the table cannot play, say
            await _refuse(websocket, 4409, str(error))
            return
        connection = _Connection(websocket, seat, token, last_view=first, aids=aids)
        before = self.online(match_id)
        self._join(match_id, connection)
        sender = asyncio.create_task(self._sender(match_id, connection))
        try:
            await _send(websocket, {"type": "view", "view": json_text(first)})
            self._presence(match_id, before, connection)
            await self._receiver(match_id, connection)
        except WebSocketDisconnect:  # the client left while its first view was on the way
            pass
        finally:
            sender.cancel()
            before = self.online(match_id)
            self._leave(match_id, connection)
            self._presence(match_id, before)

    # -- the first message ----------------------------------------------------------------

    async def _hello(self, websocket: WebSocket, match_id: str) -> tuple[str, bool]:
        """The seat token of the first message, and whether it asks for the aids."""
        try:
            message = await asyncio.wait_for(websocket.receive(), HELLO_TIMEOUT)
        except TimeoutError:
            raise _Refused(4400, "send hello with your seat token first") from None
        data = _parse(message)
        token = data.get("token")
        if data.get("type") != "hello" or not isinstance(token, str) or not token:
            raise _Refused(4400, 'the first message is {"type": "hello", "token": "..."}')
        aids = data.get("aids", False)
        if not isinstance(aids, bool):
            raise _Refused(4400, "aids is true (views with the learning aids) or false")
        if not is_match_id(match_id):
            raise _Refused(4404, "no such match (a match id is hexadecimal)")
        if len(token) > MAX_TOKEN:
            raise _Refused(4403, "this link does not open a seat at that table")
        if not is_token(token):
            raise _Refused(4400, "a seat token is made of letters, digits, '-' and '_' only")
        try:
            charge(websocket, "tokens")
        except RateLimited as limited:
            raise _Refused(4429, str(limited)) from None
        return token, aids

    # -- the loop of one connection -------------------------------------------------------

    async def _receiver(self, match_id: str, connection: _Connection) -> None:
        websocket = connection.websocket
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            if connection.outbox.qsize() >= MAX_WAITING:
                await _refuse(
                    websocket, 1008, "too many answers wait to be sent: read them before sending"
                )
                return
            try:
                data = _parse(message)
            except _Refused as refused:
                await connection.outbox.put({"type": "error", "error": str(refused)})
                continue
            kind = data.get("type")
            if kind == "ping":
                await connection.outbox.put({"type": "pong"})
            elif kind == "act":
                # Pushes wait while the action is on its way: its answer is the new view,
                # and a push that came meanwhile follows it (and is skipped if the same).
                connection.acting = True
                try:
                    connection.outbox.put_nowait(await self._act(match_id, connection, data))
                finally:
                    connection.acting = False
                    if connection.push_waiting:
                        connection.push_waiting = False
                        self._push(connection)
            elif kind == "aids":
                on = data.get("on")
                if not isinstance(on, bool):
                    await connection.outbox.put(
                        {"type": "error", "error": 'send {"type": "aids", "on": true or false}'}
                    )
                    continue
                connection.aids = on
                self._push(connection)  # the view as it now is, with the aids or without
            else:
                await connection.outbox.put(
                    {"type": "error", "error": "unknown message: send act, aids or ping"}
                )

    async def _act(
        self, match_id: str, connection: _Connection, data: dict[str, Any]
    ) -> dict[str, Any]:
        """An action sent over the socket: the message that answers it (sent in order with
        the pushes, so the answer comes before any later view)."""
        reply = data.get("id")
        answer: dict[str, Any] = {"reply": reply}
        if reply is not None and (
            not isinstance(reply, int) or isinstance(reply, bool) or not 0 <= reply < 2**53
        ):
            return {"type": "error", "status": 400, "error": "id is a whole number (or left out)"}
        problem = act_problem(data, _ACT_EXTRA)
        if problem is not None:
            return {"type": "error", **answer, "status": 400, "error": problem}
        try:
            act = functools.partial(
                self.service.act,
                match_id,
                connection.token,
                data["action"],
                data.get("expected"),
                data.get("aids", connection.aids),
            )
            view = await asyncio.get_running_loop().run_in_executor(self._pool(), act)
        except TableUnavailableError as error:  # its message says whether it was stored
            return {"type": "error", **answer, "status": 503, "error": str(error)}
        except StoreUnavailableError as error:
            return {"type": "error", **answer, "status": 503, "error": store_error_text(error)}
        except CardTableError as error:
            return {"type": "error", **answer, "status": status_of(error), "error": str(error)}
        except Exception:  # a fault of the server's own: said as HTTP says it, and logged
            _log.exception("an action over a socket of match %s failed", match_id)
            return {"type": "error", **answer, "status": 500, "error": SERVER_FAULT}
        return {"type": "view", **answer, "view": view}

    async def _sender(self, match_id: str, connection: _Connection) -> None:
        websocket = connection.websocket
        while True:
            item = await connection.outbox.get()
            if isinstance(item, _PresenceDue):
                connection.presence_pending = False
                online = self.online(match_id)
                if online == connection.last_presence:
                    continue  # this page has it
                connection.last_presence = online
                item = {"type": "presence", "online": online}
            elif item is None:
                connection.view_pending = False
                try:
                    seat_view = self.service.ready_view(
                        match_id, connection.token, connection.aids
                    ) or await run_in_threadpool(
                        self.service.view, match_id, connection.token, connection.aids
                    )
                except CardTableError as error:
                    item = {"type": "error", "error": str(error)}
                except Exception as error:  # the database is away: look again in a moment
                    _log.warning("no view for a socket of match %s yet: %s", match_id, error)
                    asyncio.get_running_loop().call_later(VIEW_RETRY, self._changed, match_id)
                    continue
                else:
                    if seat_view is connection.last_view:
                        continue  # this page has it (the answer to its own action, say)
                    connection.last_view = seat_view
                    item = {"type": "view", "view": json_text(seat_view)}
            elif not isinstance(item.get("view", ""), str):  # the answer to an action
                connection.last_view = item["view"]
                item["view"] = json_text(item["view"])
            if websocket.client_state is not WebSocketState.CONNECTED:
                return
            try:
                await _send(websocket, item)
            except Exception:  # the client went away mid-send
                return

    # -- rooms ------------------------------------------------------------------------------

    def _join(self, match_id: str, connection: _Connection) -> None:
        with self._guard:
            room = self._rooms.setdefault(match_id, _Room())
            same_seat = [c for c in room.connections if c.seat == connection.seat]
            room.connections.append(connection)
            first = room.unsubscribe is None
        # A seat's oldest sockets make room for its newest (a page left open elsewhere).
        for oldest in same_seat[: max(0, len(same_seat) + 1 - self.limits.sockets_per_seat)]:
            asyncio.get_running_loop().create_task(
                _refuse(
                    oldest.websocket,
                    4408,
                    f"this seat is open in more than {self.limits.sockets_per_seat} pages: "
                    "this one, the oldest, is closed",
                )
            )
        if first:
            room.unsubscribe = self.service.subscribe(match_id, self._changed_elsewhere)

    def _leave(self, match_id: str, connection: _Connection) -> None:
        with self._guard:
            room = self._rooms.get(match_id)
            if room is None:
                return
            if connection in room.connections:
                room.connections.remove(connection)
            if room.connections:
                return
            del self._rooms[match_id]
        if room.unsubscribe is not None:
            room.unsubscribe()

    def _changed_elsewhere(self, match_id: str) -> None:
        """The service's listener: called from whichever thread stored the change. The
        views of the seats open here are made in that thread when they need nothing read
        (a change of this process's own), so the loop only sends them."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        with self._guard:
            room = self._rooms.get(match_id)
            seats = {(c.token, c.aids) for c in room.connections} if room is not None else set()
        for token, aids in seats:
            try:
                self.service.prepare_view(match_id, token, aids)
            except Exception:  # the sender makes (or explains) the view itself
                _log.debug("no view made ahead for match %s", match_id, exc_info=True)
        with contextlib.suppress(RuntimeError):  # the loop is shutting down
            loop.call_soon_threadsafe(self._changed, match_id)

    def _changed(self, match_id: str) -> None:
        room = self._rooms.get(match_id)
        if room is None:
            return
        for connection in room.connections:
            self._push(connection)

    @staticmethod
    def _push(connection: _Connection) -> None:
        if connection.acting:
            connection.push_waiting = True
        elif not connection.view_pending:
            connection.view_pending = True
            connection.outbox.put_nowait(None)

    def _presence(
        self, match_id: str, before: list[bool], joined: _Connection | None = None
    ) -> None:
        """Presence for the page that ``joined``, and for every page when it changed from
        ``before``: one flag a page, however many come and go before it is sent (a message
        to every page for every page that came made a match's messages grow with the square
        of its sockets)."""
        room = self._rooms.get(match_id)
        if room is None:
            return
        changed = self.online(match_id) != before
        for connection in room.connections:
            if (changed or connection is joined) and not connection.presence_pending:
                connection.presence_pending = True
                connection.outbox.put_nowait(_PRESENCE_DUE)


def _parse(message: Any) -> dict[str, Any]:
    """A client's frame as a JSON object; :class:`_Refused` for anything else."""
    if message.get("type") == "websocket.disconnect":
        raise _Refused(1000, "closed")
    text = message.get("text")
    if not isinstance(text, str):
        raise _Refused(4400, "send JSON text frames")
    # surrogatepass: a frame from the wire is valid UTF-8, but one from an in-process client
    # may hold lone surrogates, which read_json then refuses.
    if len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise _Refused(1009, f"a message is at most {MAX_MESSAGE} bytes")
    try:
        return read_json_object(text, "a message")
    except BadJson as error:
        raise _Refused(4400, str(error)) from None


def _check_origin(websocket: WebSocket) -> None:
    """A socket opened by another site's page is refused before anything is sent."""
    reason = cross_site(websocket.headers)
    if reason is not None:
        raise _Refused(4403, reason)


async def _send(websocket: WebSocket, data: dict[str, Any]) -> None:
    view = data.get("view")
    if isinstance(view, str):  # a view's JSON, made once (cardtable.table.json_text)
        # The answer to an action names it (``null`` when it had no id), a push does not.
        head = f'"reply": {json.dumps(data["reply"])}, ' if "reply" in data else ""
        await websocket.send_text(f'{{"type": "view", {head}"view": {view}}}')
    else:
        await websocket.send_text(json.dumps(data))


async def _refuse(websocket: WebSocket, code: int, message: str) -> None:
    """Say why, then close; a client that already left is simply gone."""
    if websocket.client_state is not WebSocketState.CONNECTED:
        return
    with contextlib.suppress(Exception):  # the client went away meanwhile
        await _send(websocket, {"type": "error", "error": message})
        await websocket.close(code)
