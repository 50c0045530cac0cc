"""The web table's limits: how much one client may ask, and how big and slow a request may be.

A client is a remote address (behind a proxy, uvicorn must trust the proxy's
``X-Forwarded-For``: ``--forwarded-allow-ips``, so that the address is the client's, not the
proxy's). Each kind of costly or guessable request has its own token bucket per client:
``burst`` requests at once, then ``per_minute`` a minute. Past it the answer is 429 with
``Retry-After``. A server reads its limits from the environment
(:meth:`WebLimits.from_environment`, documented in ``docs/api.md``).

>>> clock = [0.0]
>>> limiter = RateLimiter(WebLimits(create=Rate(burst=2, per_minute=60)), lambda: clock[0])
>>> [limiter.take("create", "10.0.0.1") for _ in range(3)]
[0.0, 0.0, 1.0]
>>> clock[0] = 1.0
>>> limiter.take("create", "10.0.0.1")
0.0
"""

from __future__ import annotations

import math
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Final, Literal

from starlette.requests import HTTPConnection

from cardtable.web.errors import ApiError

__all__ = [
    "Kind",
    "Rate",
    "RateLimited",
    "RateLimiter",
    "WebLimits",
    "charge",
    "client_of",
    "limiter_of",
    "setting_count",
    "setting_seconds",
]

Kind = Literal["create", "tokens", "hints"]

# What each kind is called in a refusal.
_WHAT: Final[dict[Kind, str]] = {
    "create": "new matches and lessons",
    "tokens": "seat token checks",
    "hints": "hints",
}


@dataclass(frozen=True, slots=True)
class Rate:
    """``burst`` requests at once, refilled at ``per_minute`` a minute."""

    burst: int
    per_minute: float

    def __post_init__(self) -> None:
        if self.burst < 1 or not self.per_minute > 0:
            raise ValueError(f"a rate needs a burst of at least 1 and a positive refill: {self}")


@dataclass(frozen=True, slots=True)
class WebLimits:
    """Every limit of the web table, with the defaults ``cardtable serve`` runs with.

    A person at the table needs a few new matches an hour, a token check for each view,
    move and reconnect (a page opening holds up to 40 seats to look up), and a hint now and
    then; the bursts leave room for all of that, and the refill rates stop a script that
    floods the table with matches, guesses tokens or keeps the expert thinking.
    """

    create: Rate = Rate(burst=20, per_minute=30)  # new matches and lessons (POST)
    tokens: Rate = Rate(burst=300, per_minute=600)  # any request that checks a seat token
    hints: Rate = Rate(burst=30, per_minute=30)  # the expert's hints, in matches and lessons
    max_body: int = 4096  # bytes of a request body
    body_seconds: float = 10.0  # the longest a request body may take to arrive
    max_clients: int = 10_000  # clients remembered per kind (the oldest forgotten first)
    # WebSockets held at once in a process: by one seat (a new one closes its oldest), and
    # from one address (a new one past it is refused). A page holds one; a seat open in a
    # few tabs and devices holds a few; a school behind one address holds many.
    sockets_per_seat: int = 8
    sockets_per_address: int = 200

    @classmethod
    def unlimited(cls) -> WebLimits:
        """No rate limits (a load bench on loopback); sizes and timeouts stay."""
        free = Rate(burst=10**9, per_minute=10**9)
        return cls(create=free, tokens=free, hints=free)

    @classmethod
    def from_environment(cls, environ: Mapping[str, str]) -> WebLimits:
        """The limits set by ``CARDTABLE_RATE_LIMITS=off``, ``CARDTABLE_RATE_CREATE``,
        ``_TOKENS``, ``_HINTS`` (``burst/per_minute``), ``CARDTABLE_MAX_BODY`` (bytes),
        ``CARDTABLE_BODY_SECONDS``, ``CARDTABLE_SOCKETS_PER_SEAT`` and
        ``CARDTABLE_SOCKETS_PER_ADDRESS``; the defaults for the rest. A bad value raises naming it.

        >>> WebLimits.from_environment({"CARDTABLE_RATE_HINTS": "5/10"}).hints
        Rate(burst=5, per_minute=10.0)
        >>> WebLimits.from_environment({"CARDTABLE_MAX_BODY": "lots"})
        Traceback (most recent call last):
        ...
        ValueError: CARDTABLE_MAX_BODY must be a whole number of bytes, not 'lots'
        """
        switch = environ.get("CARDTABLE_RATE_LIMITS", "on").strip().lower()
        if switch not in ("on", "off"):
            raise ValueError(f"CARDTABLE_RATE_LIMITS is on or off, not {switch!r}")
        base = cls.unlimited() if switch == "off" else cls()
        return cls(
            create=_rate(environ, "CARDTABLE_RATE_CREATE", base.create),
            tokens=_rate(environ, "CARDTABLE_RATE_TOKENS", base.tokens),
            hints=_rate(environ, "CARDTABLE_RATE_HINTS", base.hints),
            max_body=setting_count(
                environ, "CARDTABLE_MAX_BODY", base.max_body, "a whole number of bytes"
            ),
            body_seconds=setting_seconds(environ, "CARDTABLE_BODY_SECONDS", base.body_seconds),
            max_clients=base.max_clients,
            sockets_per_seat=setting_count(
                environ, "CARDTABLE_SOCKETS_PER_SEAT", base.sockets_per_seat
            ),
            sockets_per_address=setting_count(
                environ, "CARDTABLE_SOCKETS_PER_ADDRESS", base.sockets_per_address
            ),
        )

    def rate(self, kind: Kind) -> Rate:
        rate: Rate = getattr(self, kind)
        return rate


def _rate(environ: Mapping[str, str], name: str, default: Rate) -> Rate:
    text = environ.get(name)
    if text is None:
        return default
    found = re.fullmatch(r"\s*([0-9]{1,9})\s*/\s*([0-9]{1,9}(?:\.[0-9]+)?)\s*", text)
    if found is None or int(found[1]) < 1 or float(found[2]) <= 0:
        raise ValueError(f"{name} is burst/per_minute, both above 0, as in 20/30, not {text!r}")
    return Rate(int(found[1]), float(found[2]))


def setting_count(
    environ: Mapping[str, str], name: str, default: int, unit: str = "a whole number"
) -> int:
    """The whole number (from 1) that the variable ``name`` sets, or ``default`` when it is
    not set; a bad value raises naming the variable and ``unit``."""
    text = environ.get(name)
    if text is None:
        return default
    if not re.fullmatch(r"\s*[0-9]{1,9}\s*", text) or int(text) < 1:
        raise ValueError(f"{name} must be {unit}, not {text!r}")
    return int(text)


def setting_seconds(environ: Mapping[str, str], name: str, default: float) -> float:
    """The seconds (above 0) that the variable ``name`` sets, or ``default``."""
    text = environ.get(name)
    if text is None:
        return default
    if not re.fullmatch(r"\s*[0-9]{1,6}(?:\.[0-9]+)?\s*", text) or float(text) <= 0:
        raise ValueError(f"{name} must be seconds above 0, not {text!r}")
    return float(text)


@dataclass(slots=True)
class _Bucket:
    tokens: float
    at: float


@dataclass
class RateLimiter:
    """Token buckets per kind and client, in memory (each server process its own)."""

    limits: WebLimits = field(default_factory=WebLimits)
    clock: Callable[[], float] = time.monotonic
    _buckets: dict[Kind, OrderedDict[str, _Bucket]] = field(
        default_factory=dict, init=False, repr=False
    )
    _guard: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False)

    def take(self, kind: Kind, client: str, cost: int = 1) -> float:
        """Spend ``cost`` of ``client``'s allowance of ``kind``: 0 when granted, else the
        seconds until it would be (nothing is spent then). A cost beyond the burst is
        charged as the whole burst, so that it can be granted at all."""
        rate = self.limits.rate(kind)
        cost = min(cost, rate.burst)
        now = self.clock()
        with self._guard:
            buckets = self._buckets.setdefault(kind, OrderedDict())
            bucket = buckets.pop(client, None) or _Bucket(float(rate.burst), now)
            refill = max(0.0, now - bucket.at) * rate.per_minute / 60
            bucket.tokens = min(float(rate.burst), bucket.tokens + refill)
            bucket.at = now
            buckets[client] = bucket  # the most recent client last
            while len(buckets) > self.limits.max_clients:
                buckets.popitem(last=False)
            if bucket.tokens >= cost:
                bucket.tokens -= cost
                return 0.0
            return (cost - bucket.tokens) * 60 / rate.per_minute


class RateLimited(ApiError):
    """429: this client asked too often; ``retry_after`` whole seconds until it may again."""

    def __init__(self, kind: Kind, wait: float) -> None:
        self.retry_after = max(1, math.ceil(wait))
        super().__init__(
            429,
            f"too many {_WHAT[kind]} from your address: try again in {self.retry_after} s",
            {"Retry-After": str(self.retry_after)},
        )


def limiter_of(connection: HTTPConnection) -> RateLimiter:
    limiter = connection.app.state.limiter
    assert isinstance(limiter, RateLimiter)
    return limiter


def client_of(connection: HTTPConnection) -> str:
    """The remote address a connection comes from (the client a limit counts)."""
    return connection.client.host if connection.client else "unknown"


def charge(connection: HTTPConnection, kind: Kind, cost: int = 1) -> None:
    """Spend ``cost`` of the connection's client's allowance; :class:`RateLimited` past it."""
    if cost <= 0:
        return
    wait = limiter_of(connection).take(kind, client_of(connection), cost)
    if wait > 0:
        raise RateLimited(kind, wait)
