"""The worker's one Chromium (``tests/chromium.py``) is lent to one browser test at a time and
leaves the thread as asyncio expects it between them: a Textual pilot (``asyncio.run``) can
run after a browser test in the same worker, and the browser still works after it."""

from __future__ import annotations

import asyncio
from contextlib import contextmanager

from tests.chromium import Chromium


async def answer() -> int:
    await asyncio.sleep(0)
    return 42


def test_a_loop_of_its_own_runs_between_two_lendings_of_the_same_chromium(
    chromium: Chromium,
) -> None:
    lend = contextmanager(chromium.lent)
    with lend() as first:
        page = first.new_page()
        page.set_content("<p id='said'>one</p>")
        assert page.inner_text("#said") == "one"
        first.new_context()  # left open, as a test that fails half-way leaves it
    # What Playwright's sync API leaves marked between its calls is cleared:
    assert asyncio._get_running_loop() is None
    assert asyncio.run(answer()) == 42
    with lend() as second:
        assert second is first  # the same Chromium, not a new one
        assert second.contexts == []  # nothing of the first test lives on
        page = second.new_page()
        page.set_content("<p id='said'>two</p>")
        assert page.inner_text("#said") == "two"
    assert asyncio._get_running_loop() is None
