"""The line-by-line Cribbage table: a whole short game through a real pipe by typed commands,
muggins, bad input, the JSON mode (which never holds the opponent's unplayed cards),
resuming, the command line's options, and the lesson."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from cardtable.cli.main import main
from cardtable.cribbage.game import CRIBBAGE
from cardtable.cribbage.hand import Phase
from cardtable.cribbage.score import show_score
from cardtable.cribbage.tui.plain import PlainCribbage, PlainCribbageLesson, action_text
from cardtable.cribbage.tui.session import CribbageTable
from cardtable.gin.tui.session import resumable_matches
from cardtable.store import Store
from cardtable.table import TableService
from tests.cards_in_json import card_strings

CLI = [sys.executable, "-c", "import sys; from cardtable.cli.main import main; sys.exit(main())"]


def new_table(service: TableService, seed: str = "crib-plain", **settings: str) -> CribbageTable:
    rules = service.make_rules("cribbage", "short", settings or None)
    return CribbageTable.start(service, rules, level="simple", seed=seed, name="Ann")


def hidden_cards(service: TableService, match_id: str, seat: int) -> set[str]:
    """What ``seat`` must not see now, from the database's record (not the service's state):
    the opponent's unplayed cards and, until the show, their half of the crib."""
    store = Store(service.database_url)
    try:
        stored = store.get_match(match_id)
        assert stored is not None
        actions = [(a.seat, a.action) for a in store.actions(match_id)]
    finally:
        store.close()
    match = CRIBBAGE.rebuild(stored.rules, stored.seed, stored.first_dealer, actions)
    if match.is_over:
        return set()
    hand = match.current
    other = 1 - seat
    hidden = {str(card) for card in hand.cards[other]}
    if hand.phase in (Phase.DISCARD, Phase.PLAY):
        hidden |= {str(card) for card in hand.laid_away[other]}
    return hidden


def answer(offered: str) -> str:
    """The test's reply to a ``You may: ...`` line, in the commands a person types."""
    groups = [group.split() for group in offered.split("; ")]
    verbs = {group[0]: group[1:] for group in groups}
    if "discard" in verbs:
        cards = verbs["discard"][2:]  # "discard two of C1 C2 ..."
        return f"discard {cards[0]} {cards[-1]}"
    if "play" in verbs:
        cards = verbs["play"]
        return cards[-1] if len(cards) % 2 else f"p {cards[0]}"  # a bare card plays it too
    if "go" in verbs:
        return "g"
    raise AssertionError(f"no answer to {offered!r}")


def test_a_whole_short_game_through_a_pipe(db_url: str, tmp_path: Path) -> None:
    """The plain table over stdin/stdout pipes (no terminal), answered line by line."""
    errors = (tmp_path / "stderr.txt").open("w")
    args = ["play", "--game", "cribbage", "--plain", "--ascii", "--rules", "short"]
    args += ["--level", "simple", "--seed", "crib-pipe", "--name", "Ann"]
    proc = subprocess.Popen(
        [*CLI, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=errors,
        text=True,
        encoding="utf-8",
    )
    timer = threading.Timer(90, proc.kill)
    timer.start()
    assert proc.stdin is not None and proc.stdout is not None
    transcript: list[str] = []
    try:
        for raw in proc.stdout:
            line = raw.rstrip("\n")
            transcript.append(line)
            if line.startswith("You may: "):
                proc.stdin.write(answer(line.removeprefix("You may: ")) + "\n")
                proc.stdin.flush()
        proc.wait(timeout=30)
    finally:
        timer.cancel()
        errors.close()
    text = "\n".join(transcript)
    assert proc.returncode == 0, (tmp_path / "stderr.txt").read_text()
    assert "Traceback" not in text + (tmp_path / "stderr.txt").read_text()
    assert "The match is over." in text
    assert "the match by" in text
    assert "The show of hand 1" in text and "total" in text
    assert "Simple plays" in text and "You play" in text
    assert "Not allowed" not in text  # every typed command was taken
    assert text.isascii()  # --ascii: suit letters
    store = Store(db_url)
    try:
        finished = store.list_matches("finished")
    finally:
        store.close()
    assert len(finished) == 1 and finished[0].game == "cribbage"


def run_lines(table: CribbageTable, lines: list[str], ascii_only: bool = False) -> str:
    out = io.StringIO()
    PlainCribbage(table, io.StringIO("\n".join(lines) + "\n"), out, ascii_only=ascii_only).run()
    return out.getvalue()


def test_bad_input_is_one_line_and_changes_nothing(service: TableService) -> None:
    table = new_table(service)
    before = table.view.action_count
    text = run_lines(
        table, ["zz", "discard 5H", "discard ZZ QQ", "play 7C", "count 3", "muggins", "go"]
    )
    lines = text.splitlines()
    refused = [line for line in lines if line.startswith(("Not allowed", "Unknown command"))]
    assert len(refused) == 7
    assert "Unknown command 'zz': type ? for the commands." in lines
    assert "Not allowed: discard names the two cards laid away to the crib." in lines
    assert "Traceback" not in text
    assert table.view.action_count == before == service.action_count(table.match_id)
    # each refusal is one line: the next line is the next refusal or the end
    for line in refused:
        assert lines[lines.index(line) + 1].startswith(("Not allowed", "Unknown", "End of input"))


def test_commands_by_short_names_and_bare_cards() -> None:
    assert action_text("x", "5H JD", "discard") == "discard 5H JD"
    assert action_text("5H", "JD", "discard") == "discard 5H JD"
    assert action_text("7c", "", "play") == "play 7c"
    assert action_text("p", "7C", "play") == "play 7C"
    assert action_text("g", "", "play") == "go"
    assert action_text("c", "12", "count") == "count 12"
    assert (action_text("m", "", "answer"), action_text("a", "", "answer")) == (
        "muggins",
        "accept",
    )


def test_look_board_score_legal_help_and_hint(service: TableService) -> None:
    table = new_table(service)
    text = run_lines(table, ["?", "l", "b", "s", "legal", "h", "link", "q"], ascii_only=True)
    assert "discard CARD CARD" in text  # the help
    assert "Game 1, hand 1." in text
    assert "| skunk line: a loser below 31 is skunked." in text  # the board
    assert "no game finished yet" in text  # the games
    assert text.count("You may: discard two of") == 2  # the turn, and 'legal'
    assert "Hint: discard" in text
    assert f"/match/{table.match_id}?token={table.token}" in text
    assert f"Resume: cardtable play --resume {table.match_id}" in text


def test_muggins_typed_counts_and_answers(service: TableService) -> None:
    """With muggins on, the person states each count (here one point short when there is a
    point to miss) and answers the computer's; the computer takes what was missed."""
    table = new_table(service, seed="crib-plain-muggins", muggins="on")
    out = io.StringIO()

    class Typist(io.StringIO):
        """Types a reply to the table as it stands (a person reading the screen)."""

        def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
            view = table.view
            legal = view.legal_actions
            if view.finished or not legal:
                return ""
            if view.phase == "count":
                counting = view.counting
                assert counting is not None
                truth = show_score(counting.cards, counting.starter, counting.kind == "crib")
                return f"count {max(0, truth.total - 1)}\n"
            if view.phase == "answer":
                return "accept\n"
            return legal[-1] + "\n"

    PlainCribbage(table, Typist(), out).run()
    text = out.getvalue()
    assert "You count" in text and "Simple counts" in text
    assert "You accept the count." in text
    assert "Simple calls muggins and takes 1." in text
    assert "Simple took 1 by muggins" in text  # in the show, after the hand
    # The "You may" line never lists the counts: the highest would be the truth.
    assert "You may: count N" in text and "count 0 count 1" not in text


def test_json_mode_prints_the_views_and_never_the_opponents_cards(
    service: TableService,
) -> None:
    table = new_table(service, seed="crib-json")
    out = io.StringIO()

    class Mover(io.StringIO):
        def __init__(self) -> None:
            super().__init__()
            self.moves = 0
            self.checked = 0

        def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
            # Everything printed so far holds none of the cards the seat may not see.
            hidden = hidden_cards(service, table.match_id, table.seat)
            for line in out.getvalue().splitlines()[self.checked :]:
                data = json.loads(line)
                if "view" in data:
                    # (the last hand, all revealed, may hold the same cards: another deal)
                    # (the learning aids' tracker is keyed by every card: values name them)
                    view = {k: v for k, v in data["view"].items() if k != "last_hand"}
                    shown = card_strings(view)
                    assert not hidden & shown, (hidden, shown)
            self.checked = len(out.getvalue().splitlines())
            self.moves += 1
            legal = table.view.legal_actions
            if self.moves > 14 or not legal:
                return ""
            return legal[0] + "\n"

    PlainCribbage(table, Mover(), out, json_mode=True).run()
    objects = [json.loads(line) for line in out.getvalue().splitlines()]
    views = [o["view"] for o in objects if "view" in o]
    assert views and all(v["game"] == "cribbage" for v in views)
    assert {"board", "count_cards", "opponent_cards", "legal_actions"} <= set(views[-1])
    assert any(o.get("message", "").startswith("End of input") for o in objects)


def test_resume_by_id_and_the_latest(db_url: str, service: TableService) -> None:
    table = new_table(service, seed="crib-resume")
    run_lines(table, [table.view.legal_actions[0]])
    assert [m.id for m in resumable_matches(service, "cribbage")] == [table.match_id]
    out = io.StringIO()
    sys_stdin = sys.stdin
    try:
        sys.stdin = io.StringIO("l\nq\n")
        assert main(["play", "--resume", "--plain", "--ascii"], out) == 0
        assert (
            main(["play", "--game", "cribbage", "--resume", table.match_id[:6], "--plain"], out)
            == 0
        )
    finally:
        sys.stdin = sys_stdin
    text = out.getvalue()
    assert text.count(f"Cribbage match {table.match_id}") == 2
    assert "Your hand:" in text


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--plain", "--rules", "texas"], "unknown rules preset 'texas'"),
        (["--plain", "--set", "target=20"], "target must be an integer of at least 31"),
        (["--plain", "--set", "colour=red"], "unknown setting 'colour'"),
        (["--plain", "--level", "wizard"], "unknown player 'wizard'"),
        (["--plain", "--resume", "--rules", "short"], "drop --rules"),
        (["--plain", "--resume", "nosuchmatch"], "no match 'nosuchmatch'"),
        (["--json"], "--json needs --plain"),
    ],
)
def test_bad_command_lines_are_one_line(
    db_url: str, argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "--game", "cribbage", *argv], io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and err.startswith("cardtable: ")


def test_the_gin_command_does_not_grow_a_game_option(capsys: pytest.CaptureFixture[str]) -> None:
    from cardtable.cli.gin import main as ginrummy

    assert ginrummy(["play", "--game", "cribbage"], io.StringIO()) == 2
    assert "unrecognized arguments: --game" in capsys.readouterr().err


def test_the_cribbage_lesson_line_by_line() -> None:
    script = ["", "discard 5H 5S", "discard 2D 6C", "5H", "play 5S", "play KC", "play JD"]
    script += ["count 8", "count 10"]
    out = io.StringIO()
    PlainCribbageLesson(io.StringIO("\n".join(script) + "\n"), out, ascii_only=True).run()
    text = out.getvalue()
    assert "Step 1 of 8: The deal" in text and "Step 8 of 8: The show" in text
    assert "In this lesson, do this: discard 2D 6C." in text
    assert "You play 5S: pair royal for 6, the go for 1." in text
    assert "Not quite: it is more than 8" in text
    assert "Right: 10 points." in text
    assert "The lesson is over. Play a match with: cardtable play --game cribbage" in text


@pytest.mark.parametrize("where", ["at the prompt", "while waiting"])
def test_ctrl_c_prints_the_resume_hint_and_exits_130(
    service: TableService, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    """Ctrl-C stops the plain table with the resume hint, whether it was reading the
    player's command or waiting for the other seat; the match stays resumable."""
    table = new_table(service, seed=f"crib-ctrl-c-{where}")

    def interrupt(*_: object) -> str:
        raise KeyboardInterrupt

    inp = io.StringIO("")
    if where == "at the prompt":
        monkeypatch.setattr(inp, "readline", interrupt)
    else:
        monkeypatch.setattr(CribbageTable, "my_turn", property(lambda self: False))
        monkeypatch.setattr(CribbageTable, "changed_elsewhere", lambda self: False)
    out = io.StringIO()
    assert PlainCribbage(table, inp, out, sleep=interrupt).run() == 130
    text = out.getvalue()
    assert "Stopped: the match is saved." in text
    assert f"Resume: cardtable play --resume {table.match_id}" in text
    assert ("Waiting for" in text) == (where == "while waiting")
    assert [m.id for m in resumable_matches(service, "cribbage")] == [table.match_id]
