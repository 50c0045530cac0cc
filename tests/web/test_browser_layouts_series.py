"""More of the page in a real browser, drawing what the server sends and deciding nothing:
the knock dialog's layouts (all of them the server's, chosen from a list or built card by
card), a dead hand laid out as the server arranged it, the series (New match deals the next
match at the same table, with the first dealer the rules give), a friend going on to the same
next match, and the rules page. Screenshots go to the artifacts folder (``tests/paths.py``)."""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright import sync_api

from cardtable.gin.actions import Action
from cardtable.gin.match import Match
from cardtable.gin.rules import Rules
from cardtable.gin.views import knock_options
from cardtable.store import Store
from cardtable.table import SeatSpec, TableService
from cardtable.web.app import create_app

from .test_browser import DESKTOP, PHONE, Table
from .webhelpers import LiveServer

# Where the search for a deal with several ways to knock starts (it is found there).
SEED_START = 20551

# Asks the table's API with a seat's token, from the page (as the page itself does).
API = """async ([path, token, method]) => {
    const response = await fetch(path, { method, headers: { Authorization: `Bearer ${token}` } });
    return { status: response.status, body: await response.json() };
}"""


@pytest.fixture(scope="module")
def table_service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TableService]:
    store = Store(f"sqlite:///{tmp_path_factory.mktemp('series') / 'series.db'}")
    yield TableService(store, computers="worker")
    store.close()


@pytest.fixture(scope="module")
def server(table_service: TableService) -> Iterator[LiveServer]:
    with LiveServer(create_app(table_service)) as live:
        yield live


def api(page: Any, path: str, token: str, method: str = "GET") -> Any:
    answer = page.evaluate(API, [path, token, method])
    assert answer["status"] < 300, answer
    return answer["body"]


def seat_of(page: Any) -> tuple[str, str]:
    """The match id and the seat token of the page's #/play/<match>/<token>."""
    match_id, token = page.url.split("#/play/")[1].split("/")
    return match_id, token


def wait_for_new_match(page: Any, old: str) -> str:
    page.wait_for_function(
        "(old) => location.hash.startsWith('#/play/') && !location.hash.includes(old)", arg=old
    )
    page.wait_for_selector("#hand .card")
    return seat_of(page)[0]


def play_to_final(tables: list[Table]) -> None:
    """Play every table's seat by clicks until each shows the final score."""
    done = [False] * len(tables)
    for _ in range(1500):
        for index, table in enumerate(tables):
            if done[index]:
                continue
            what = table.play_turn()
            if what == "showdown":
                table.page.click("#next-hand")
            elif what == "final":
                done[index] = True
            elif what == "wait":
                time.sleep(0.02)
        if all(done):
            return
    raise AssertionError("the match did not end")


def knock_deal(rules: Rules) -> tuple[str, str]:
    """A match seed whose first deal lets the non-dealer take the upcard and knock at once,
    throwing a card that leaves at least three layouts (and that card)."""
    for number in itertools.count(SEED_START):
        seed = f"layouts-{number}"
        match = Match.new(rules, seed=seed, first_dealer=1)
        match.apply(Action.parse("take"), 0)
        for option in knock_options(match.observation(0)):
            if option.kind == "knock" and len(option.choices) >= 3:
                assert option.card is not None
                return seed, str(option.card)
        assert number < SEED_START + 200_000, "no deal with several layouts found"
    raise AssertionError("unreachable")


def melds_shown(page: Any, row: str = "dialog[open]") -> list[list[str]]:
    """The meld groups shown (laid-off cards left out), each as its cards."""
    melds: list[list[str]] = page.eval_on_selector_all(
        f"{row} .lay-group:not(.deadwood):not(.layoffs) .lay-cards",
        "groups => groups.map(g => [...g.querySelectorAll('.card:not(.laid-off)')]"
        ".map(c => c.dataset.card))",
    )
    return melds


def labels_shown(page: Any, groups: str) -> list[str]:
    """The labels of the groups (a meld's kind, "deadwood 8"), as written (not upper-cased)."""
    labels: list[str] = page.eval_on_selector_all(
        f"{groups} .lay-label", "labels => labels.map(l => l.textContent)"
    )
    return labels


def as_sets(melds: list[list[str]]) -> set[frozenset[str]]:
    return {frozenset(meld) for meld in melds}


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_knock_dialog_offers_the_servers_layouts(
    browser: Any, server: LiveServer, table_service: TableService, viewport: dict[str, int]
) -> None:
    screen = "desktop" if viewport is DESKTOP else "phone"
    rules = table_service.make_rules("gin", "standard", {"target": 30})
    seed, card = knock_deal(rules)
    seats = (SeatSpec("human", "Ann"), SeatSpec("computer", level="random"))
    made = table_service.create_match(seats, rules, seed=seed, first_dealer=1)
    token = made.tokens[0]
    assert token is not None
    table = Table(browser, server, viewport)
    page = table.page
    table.open(f"/#/play/{made.match_id}/{token}")
    page.wait_for_selector("#pass:enabled")
    page.click("#discard-pile")  # take the upcard
    table.idle()
    page.wait_for_selector("#knock:enabled")
    view = table_service.view(made.match_id, token).to_json()
    option = next(o for o in view["knock_options"] if o["card"] == card)
    layouts = option["layouts"]
    table.click_card(card)  # the card picked is the one the dialog starts with
    page.click("#knock")
    page.wait_for_selector("dialog[open] #knock-confirm")
    assert page.get_attribute("dialog[open] .knock-choice.chosen", "data-card") == card

    # The best layout first, and every other layout the server offers, to choose from.
    assert melds_shown(page) == layouts[0]["melds"]
    assert page.locator("dialog[open] .layout-choice").count() == len(layouts)
    for index, layout in enumerate(layouts):
        assert f"deadwood {layout['deadwood']}" in page.inner_text(f"#layout-{index}")
    other = layouts[2]
    page.click("#layout-2")
    assert melds_shown(page) == other["melds"]
    assert labels_shown(page, "dialog[open] .lay-group:not(.deadwood)") == other["kinds"]
    assert page.inner_text("#knock-confirm") == f"Knock with {other['deadwood']}"
    table.shot(f"23-knock-other-layouts-{screen}")

    # Built card by card: only melds of the offered layouts are accepted, and the confirm
    # waits until the melds are exactly those of one of them.
    target = layouts[-1]
    first, *rest = target["melds"]
    page.click("#rearrange")
    table.pick_in_dialog(first[:2])
    page.click("#make-meld")
    sync_api.expect(page.locator("#toast")).to_have_text(
        "No layout you may knock with has those cards as a meld"
    )
    table.pick_in_dialog(first[2:])
    page.click("#make-meld")
    assert melds_shown(page) == [first]
    assert page.locator("#knock-confirm:disabled").count() == 1
    limit = view["observation"]["threshold"]
    assert page.inner_text("#knock-goal") == (
        f"Lay out melds until the rest is within the knock limit of {limit}."
    )
    for meld in rest:
        table.pick_in_dialog(meld)
        page.click("#make-meld")
    assert page.locator("#knock-confirm:enabled").count() == 1
    assert page.inner_text("#knock-confirm") == f"Knock with {target['deadwood']}"
    loose = page.locator("dialog[open] .lay-group.deadwood .lay-label").text_content()
    assert loose == f"deadwood {target['deadwood']}"
    table.shot(f"24-knock-rearranged-{screen}")

    # The confirm sends that layout's action: the showdown lays out those melds.
    page.click("#knock-confirm")
    table.idle()
    page.wait_for_selector("dialog[open] #next-hand")
    assert as_sets(melds_shown(page, "dialog[open] .lay-row.knocker")) == as_sets(target["melds"])
    replay = table_service.replay_hand(made.match_id, token, 1).to_json()
    assert replay["actions"][-1]["action"] == target["action"]
    table.shot(f"25-knock-showdown-{screen}")
    check_deal_in_page(page, replay)
    table.close()


# The page's check of a revealed deal, run on a replay as the server sent it and on copies
# with one thing wrong: each wrong thing fails its own check.
VERIFY = """async ([hand, seat]) => {
    const fair = await import('/static/js/fairness.js');
    const seen = { commitment: hand.commitment, dealt: hand.dealt[seat] };
    const run = (changed) => fair.verifyHand({ ...hand, ...changed }, seat, seen).map((c) => c.ok);
    const at = hand.deal_positions;
    return {
        honest: run({}),
        swapped: run({ deal_positions: { ...at, dealer: at.non_dealer, non_dealer: at.dealer } }),
        upcard: run({ deal_positions: { ...at, upcard: at.stock[0] } }),
        stock: run({ deal_positions: { ...at, stock: [...at.stock].reverse() } }),
        seed: run({ seed: hand.seed + "x" }),
    };
}"""


def check_deal_in_page(page: Any, replay: dict[str, Any]) -> None:
    """The commitment, your ten cards, the upcard and the stock draws, in that order."""
    drew = any(step["action"] == "draw" for step in replay["actions"])
    checks = page.evaluate(VERIFY, [replay, 0])
    assert checks["honest"] == [True, True, True, True]
    assert checks["swapped"] == [True, False, True, False]
    assert checks["upcard"] == [True, True, False, True]
    assert checks["stock"] == [True, True, True, not drew]
    assert checks["seed"][0] is False


def test_a_dead_hand_shows_both_hands_as_the_server_laid_them_out(
    browser: Any, server: LiveServer
) -> None:
    # Straight gin (gin only): a hand between these players mostly runs the stock down.
    table = Table(browser, server, DESKTOP)
    page = table.page
    table.start_match(level="random", target=500, knock_threshold="0")
    match_id, token = seat_of(page)
    for _ in range(3000):
        what = table.play_turn()
        if what == "showdown" and page.locator("dialog[open].outcome-dead").count():
            break
        if what == "showdown":
            page.click("#next-hand")
        elif what == "wait":
            time.sleep(0.02)
    else:
        raise AssertionError("no dead hand came")
    view = api(page, f"/api/matches/{match_id}", token)
    last = view["last_hand"]
    assert last["result"]["outcome"] == "dead"
    rows = page.locator("dialog[open] .showdown .lay-row")
    assert rows.count() == 2
    for index, seat in enumerate((view["seat"], 1 - view["seat"])):
        row = f"dialog[open] .showdown > .lay-row:nth-child({index + 1})"
        layout = last["layouts"][seat]
        assert melds_shown(page, row) == layout["melds"]
        labels = labels_shown(page, f"{row} .lay-group")
        loose = [f"deadwood {layout['deadwood']}"] if layout["unmatched"] else []
        assert labels == layout["kinds"] + loose
    table.shot("32-dead-hand-desktop")
    # The stock ran down: every draw is checked against the seed's stock order.
    replay = api(page, f"/api/matches/{match_id}/hands/{last['deal']}", token)
    assert sum(step["action"] == "draw" for step in replay["actions"]) > 10
    check_deal_in_page(page, replay)
    table.close()


def test_new_match_continues_the_series(browser: Any, server: LiveServer) -> None:
    table = Table(browser, server, DESKTOP)
    page = table.page
    table.start_match(level="random", target=1)
    first_id, token = seat_of(page)
    play_to_final([table])
    assert page.locator("dialog[open] #different-match").count() == 1
    table.shot("26-series-final-desktop")
    first_dealer = api(page, f"/api/matches/{first_id}/hands/1", token)["dealer"]

    page.click("#new-match-button")
    next_id = wait_for_new_match(page, first_id)
    assert seat_of(page) == (next_id, token)  # the same seat token
    view = api(page, f"/api/matches/{next_id}", token)
    assert (view["status"], view["deal_number"], view["seat"]) == ("active", 1, 0)
    # series_first_player=alternate (the default): the other seat deals first this time.
    assert view["rules"]["series_first_player"] == "alternate"
    assert view["dealer"] == 1 - first_dealer
    assert api(page, f"/api/matches/{first_id}", token)["next_match"] == next_id
    table.shot("27-series-next-desktop")

    # Both seats are remembered, and listed in the lobby.
    held = page.evaluate("JSON.parse(localStorage.getItem('ginrummy:seats'))")
    assert {(first_id, token), (next_id, token)} <= {(s["match_id"], s["token"]) for s in held}
    page.click("a[data-nav=lobby]")
    page.wait_for_selector(f'#match-list .match-row[data-match="{next_id}"]')
    assert page.locator(f'#match-list .match-row[data-match="{first_id}"]').count() == 1
    # Back at the finished match, its final score now leads to the match dealt.
    page.click(f'#match-list .match-row[data-match="{first_id}"]')
    page.wait_for_selector("dialog[open] #next-match-note")
    assert page.inner_text("dialog[open] #new-match-button") == "Next match"
    page.click("#new-match-button")
    assert wait_for_new_match(page, first_id) == next_id
    table.close()


def test_a_friend_goes_on_to_the_same_next_match(browser: Any, server: LiveServer) -> None:
    host = Table(browser, server, DESKTOP)
    page = host.page
    host.open("/")
    page.wait_for_selector("#start-match")
    page.fill("#player-name", "Ann")
    page.check("input[name=opponent][value=friend]")
    page.click("details.custom summary")
    page.fill("#set-target", "1")
    page.click("#start-match")
    page.wait_for_selector("#invite-link")
    friend = Table(browser, server, PHONE)
    friend.page.goto(page.input_value("#invite-link"))
    friend.page.wait_for_selector("#hand .card")
    first_id, host_token = seat_of(page)
    _, friend_token = seat_of(friend.page)
    play_to_final([host, friend])
    friend.shot("28-friend-final-phone")

    page.click("#new-match-button")
    next_id = wait_for_new_match(page, first_id)
    # The friend's page hears of it at once: its final score now leads to that match.
    friend.page.wait_for_selector("dialog[open] #next-match-note")
    assert friend.page.inner_text("dialog[open] #new-match-button") == "Next match"
    friend.page.click("#final-replay")
    friend.page.wait_for_selector("dialog[open] .replay")
    friend.page.click("#replay-next")
    friend.shot("29-friend-replay-phone")
    friend.page.keyboard.press("Escape")
    friend.page.wait_for_selector("dialog[open]", state="detached")
    assert friend.page.inner_text("#next-match") == "Next match"
    friend.page.click("#next-match")
    assert wait_for_new_match(friend.page, first_id) == next_id
    assert seat_of(friend.page) == (next_id, friend_token)
    assert seat_of(page) == (next_id, host_token)
    # The invitation carried over: the host's page sees the friend at the new table.
    page.wait_for_selector(".invite.joined")
    host.shot("30-friend-next-host-desktop")
    friend.shot("31-friend-next-guest-phone")
    friend.close()
    host.close()


def test_the_rules_page_from_the_lobby_and_the_top_bar(browser: Any, server: LiveServer) -> None:
    table = Table(browser, server, DESKTOP)
    page = table.page
    table.open("/")
    page.wait_for_selector("#start-match")
    assert page.get_attribute("#lobby-rules", "href") == "/rules/gin"
    assert page.inner_text("#lobby-rules") == "Rules of Gin Rummy"
    assert page.get_attribute("#rules-link", "href") == "/rules/gin"
    with table.context.expect_page() as opened:
        page.click("#rules-link")
    rules = opened.value
    rules.wait_for_load_state()
    assert rules.url == f"{server.url}/rules/gin"
    assert "Gin Rummy" in rules.inner_text("main.rules h1")
    rules.close()
    table.close()  # every request of both pages stayed on this server
