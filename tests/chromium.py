"""One Chromium per test worker (Debian's chromium, headless, through Playwright's sync API),
lent to each browser test in turn.

Each pytest-xdist worker is a pytest session of its own, so a session-scoped browser is one
per worker. Sharing it needs care with asyncio. Playwright's sync API runs its own event loop
in a greenlet of the calling thread and, between two of its calls, leaves that loop marked as
the thread's running loop (``asyncio._set_running_loop`` in
``playwright/_impl/_greenlets.py``, ``wait_for_future``): the loop is only paused, in the
middle of a ``run_until_complete``. Another loop cannot start in that thread then:
``asyncio.run`` raises "cannot be called from a running event loop", and every test that
drives the terminal table through Textual's pilot (``asyncio.run``) fails once a browser was
launched earlier in the same worker. Nor can the mark simply be cleared for good: the
Playwright loop's callbacks ask ``asyncio.get_running_loop()`` when its next call resumes it,
and without the mark the connection to the driver breaks ("Target page, context or browser
has been closed").

So the mark is lent with the browser: :class:`Chromium` keeps Playwright's loop and marks it
running only while a browser test holds the browser (the function-scoped ``browser``
fixture), and clears it when the test ends, leaving the thread as asyncio expects it: no loop
running. The test's browser contexts are closed with it, so that nothing one test opened
(pages polling a server that is gone) lives on into the next test.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

__all__ = ["CHROMIUM", "Chromium", "browser", "chromium"]

CHROMIUM = os.environ.get("GINRUMMY_CHROMIUM", "/usr/bin/chromium")

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


class Chromium:
    """Playwright and one headless Chromium, started on first use and lent by :meth:`lent`."""

    def __init__(self) -> None:
        self._manager: Any = None
        self._playwright: Any = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._browser: Any = None

    def _start(self) -> None:
        if not Path(CHROMIUM).exists():
            # Fail loudly rather than skip: `make test` installs it (make browser).
            raise RuntimeError(f"no chromium at {CHROMIUM}: run `make browser`")
        from playwright.sync_api import sync_playwright

        self._manager = sync_playwright()
        self._playwright = self._manager.start()
        # Playwright's loop, left marked as running by start() (see the module's docstring).
        self._loop = asyncio.get_running_loop()

    def _launched(self) -> Any:
        if self._browser is None or not self._browser.is_connected():
            # A browser that crashed is replaced rather than failing every later test.
            self._browser = self._playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=ARGS
            )
        return self._browser

    def lent(self) -> Iterator[Any]:
        """The browser, for one test: Playwright's loop marked running while the test holds
        it, and no loop marked running (and no context of the test left open) after it."""
        if asyncio._get_running_loop() is not None:
            raise RuntimeError("a browser test cannot run inside a running event loop")
        if self._manager is None:
            self._start()
        else:
            asyncio._set_running_loop(self._loop)
        try:
            yield self._launched()
        finally:
            try:
                if self._browser is not None and self._browser.is_connected():
                    for context in list(self._browser.contexts):
                        context.close()
            finally:
                asyncio._set_running_loop(None)

    def close(self) -> None:
        if self._manager is None:
            return
        asyncio._set_running_loop(self._loop)
        try:
            if self._browser is not None and self._browser.is_connected():
                self._browser.close()
        finally:
            # Stops the driver and Playwright's loop, which clears the mark itself.
            self._playwright.stop()
            self._manager = None


@pytest.fixture(scope="session")
def chromium() -> Iterator[Chromium]:
    """This worker's Chromium, launched by the first browser test that asks for it."""
    shared = Chromium()
    yield shared
    shared.close()


@pytest.fixture
def browser(chromium: Chromium) -> Iterator[Any]:
    """The worker's Chromium, lent to this test (which opens its own contexts in it)."""
    yield from chromium.lent()
