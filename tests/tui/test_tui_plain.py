"""The line-by-line table: a whole match through a real pipe, scripted sessions, resuming,
the lesson, and the command line's options."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from cardtable.cards import parse_cards
from cardtable.cli.gin import main
from cardtable.gin.lesson import LESSON_STEPS
from cardtable.gin.melds import deadwood
from cardtable.gin.rules import Rules
from cardtable.gin.tui.plain import PlainLesson, PlainTable
from cardtable.gin.tui.session import TerminalTable, resumable_matches
from cardtable.table import SeatSpec, TableService

from .tui_driver import best_discard, helps

CLI = [sys.executable, "-c", "import sys; from cardtable.cli.gin import main; sys.exit(main())"]


def answer(hand: str, top: str | None, offered: str) -> str:
    """The test strategy's reply to a ``You may: ...`` line."""
    groups = {g.split()[0]: g.split()[1:] for g in offered.split("; ")}
    for verb in ("gin", "knock"):
        if verb in groups:
            cards = parse_cards(hand)
            best = min(groups[verb], key=lambda c: deadwood(cards.remove(c).mask))
            return f"{verb} {best}"
    if "take" in groups and top and helps(hand, top):
        return "t"
    if "draw" in groups:
        return "d"
    if "pass" in groups:
        return "p"
    allowed = set(groups["discard"])
    taken = next((c for c in parse_cards(hand) if str(c) not in allowed), None)
    return f"d {best_discard(hand, None if taken is None else str(taken))}"


def test_a_whole_match_through_a_pipe(db_url: str, tmp_path: Path) -> None:
    """The plain table over stdin/stdout pipes (no terminal), answered line by line."""
    errors = (tmp_path / "stderr.txt").open("w")
    args = ["play", "--plain", "--ascii", "--level", "random", "--seed", "pipe", "--target", "60"]
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
    hand, top = "", None
    try:
        for raw in proc.stdout:
            line = raw.rstrip("\n")
            transcript.append(line)
            if line.startswith("Your hand: "):
                hand = line.removeprefix("Your hand: ").rpartition(", deadwood")[0]
            elif line.startswith("Stock: ") and " on top" in line:
                top = line.split("Discard pile: ")[1].split()[0]
            elif line.startswith("You may: "):
                proc.stdin.write(answer(hand, top, line.removeprefix("You may: ")) + "\n")
                proc.stdin.flush()
        proc.wait(timeout=30)
    finally:
        timer.cancel()
        errors.close()
    text = "\n".join(transcript)
    assert proc.returncode == 0, (tmp_path / "stderr.txt").read_text()
    assert "http://127.0.0.1:8000/match/" in transcript[1] and "?token=" in transcript[1]
    assert "Not allowed" not in text
    hands_over = [line for line in transcript if " knocked (" in line or " went gin" in line]
    assert len(hands_over) >= 2, text[-3000:]
    assert "lay off" in text or "laid off" in text
    assert "The match is over." in transcript
    assert any("the match by" in line for line in transcript)
    assert all(line.isascii() for line in transcript)


def _table(service: TableService, seed: str = "plain") -> TerminalTable:
    return TerminalTable.start(service, Rules(), level="random", seed=seed, name="Ann")


def run_plain(table: TerminalTable, script: str, json_mode: bool = False) -> tuple[int, str]:
    out = io.StringIO()
    plain = PlainTable(table, io.StringIO(script), out, ascii_only=True, json_mode=json_mode)
    status = plain.run()
    return status, out.getvalue()


def test_a_scripted_session_with_help_score_and_refusals(service: TableService) -> None:
    table = _table(service)
    status, out = run_plain(table, "?\ns\nlegal\nlink\ndiscard ZZ\nknock\nbig gin\nq\n")
    assert status == 0
    assert "Commands:" in out and "knock CARD N" in out
    assert "boxes" in out and "Target 100." in out
    assert "Legal actions: " in out
    assert out.count(table.web_link()) >= 2
    assert out.count("Not allowed: ") == 2
    assert "You cannot knock or go gin now." in out
    assert f"Resume: ginrummy play --resume {table.match_id}" in out
    assert table.view.action_count == TerminalTable.resume(service).view.action_count


def test_end_of_input_saves_and_resume_continues(
    service: TableService, db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = _table(service, seed="eof")
    move = table.view.legal_actions[0]
    status, out = run_plain(table, f"{move}\n")
    assert status == 0 and "End of input: the match is saved." in out
    count = table.view.action_count
    assert resumable_matches(service)[0].id == table.match_id

    buffer = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "--plain", "--ascii", "--resume", table.match_id[:6]], buffer) == 0
    assert f"Match {table.match_id}." in buffer.getvalue()
    assert TerminalTable.resume(service).view.action_count == count


def test_a_match_opened_in_the_browser_continues_here(service: TableService) -> None:
    created = service.create_match(
        (SeatSpec("human", name="Bea", client="web"), SeatSpec("computer", level="random")),
        seed="web",
    )
    assert not resumable_matches(service)  # --resume alone finds terminal matches only
    table = TerminalTable.resume(service, created.match_id)
    assert table.token == created.tokens[0]
    # A move made in the browser shows up here.
    token = created.tokens[0]
    assert token is not None
    service.act(created.match_id, token, table.view.legal_actions[0])
    assert table.changed_elsewhere()
    update = table.refresh()
    assert update.events and not table.changed_elsewhere()


def test_json_mode_prints_one_object_per_line(service: TableService) -> None:
    status, out = run_plain(_table(service, seed="json"), "s\nq\n", json_mode=True)
    assert status == 0
    items = [json.loads(line) for line in out.splitlines()]
    assert "view" in items[0] and items[0]["view"]["legal_actions"]
    assert any("message" in item for item in items)


def test_json_mode_prints_the_services_own_json(service: TableService) -> None:
    """The view and the hint as the service writes them (``to_json``), nothing re-made."""
    table = _table(service, seed="json")
    status, out = run_plain(table, "h\nl\nq\n", json_mode=True)
    assert status == 0
    items = [json.loads(line) for line in out.splitlines()]
    view = json.loads(json.dumps(table.view.to_json()))
    assert items[0] == {"finished_hand": None, "events": items[0]["events"], "view": view}
    assert items[0]["events"] == [e.to_json() for e in table.view.hand.events]
    hint = next(item["hint"] for item in items if "hint" in item)
    assert sorted(hint) == sorted(service.hint(table.match_id, table.token).to_json())
    assert {"view": view} in items  # the look


def test_a_hint_with_its_explanation(service: TableService) -> None:
    status, out = run_plain(_table(service, seed="hint"), "h\nq\n")
    assert status == 0
    assert "Hint: " in out


def test_the_plain_lesson_follows_the_shared_script() -> None:
    answers = ["7S 7H", "h"]  # a wrong selection first, then the answer is shown
    for step in LESSON_STEPS[:-1]:
        answers.append(step.select or step.action or "")
    out = io.StringIO()
    status = PlainLesson(io.StringIO("\n".join(answers) + "\n"), out, ascii_only=True).run()
    text = out.getvalue()
    assert status == 0
    assert "Not quite" in text and "Answer: 7S 7H 7D" in text
    assert f"Step {len(LESSON_STEPS)} of {len(LESSON_STEPS)}" in text
    assert "Computer laid off" in text and "You score 31." in text
    assert "The lesson is over." in text


def test_lesson_command_stops_cleanly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("7S 7H 7D\n"))
    out = io.StringIO()
    assert main(["lesson", "--plain", "--ascii"], out) == 0
    assert "Step 2 of" in out.getvalue() and "Lesson stopped." in out.getvalue()


def test_a_move_made_in_the_browser_meanwhile_is_not_lost(service: TableService) -> None:
    table = _table(service, seed="race")
    move = table.view.legal_actions[0]
    service.act(table.match_id, table.token, move)  # the same seat, from the web table
    status, out = run_plain(table, f"{move}\nq\n")
    assert status == 0
    assert "Not played: the table has moved on" in out
    assert table.view.action_count > 0


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--set", "knock_threshold=11"], "knock_threshold"),
        (["--set", "nonsense"], "key=value"),
        (["--rules", "nope"], "preset"),
        (["--level", "nope"], "unknown player"),
        (["--target", "0"], "target"),
        (["--json", "--theme", "dark"], "--plain"),
        (["--resume", "--seed", "1"], "--resume"),
        (["--resume"], "no unfinished terminal match"),
        (["--resume", "ffff"], "no match"),
    ],
)
def test_bad_options_exit_2_with_one_line(
    db_url: str, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    plain = [] if "--json" in argv else ["--plain"]
    assert main(["play", *plain, *argv], io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err, err


def test_the_commands_are_listed_in_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = capsys.readouterr().out
    for flag in ("--plain", "--level", "--rules", "--set", "--target", "--seed", "--resume"):
        assert flag in out
    for flag in ("--ascii", "--theme", "--database"):
        assert flag in out
