"""Eights' record: the match's setup and every action, as JSON, ended by the result."""

from __future__ import annotations

import json
from typing import Any

from cardtable.errors import CardTableError, InvalidRecordError
from eights.engine import Match, Rules

FORMAT = "eights record 1"


def dump(match: Match) -> str:
    data: dict[str, Any] = {
        "format": FORMAT,
        "rules": match.rules.to_dict(),
        "seed": match.seed,
        "first_dealer": match.first_dealer,
        "actions": [[seat, text] for seat, text in match.actions],
    }
    if match.final is not None:
        data["result"] = {"winner": match.final.winner, "scores": list(match.final.scores)}
    return json.dumps(data, indent=1) + "\n"


def load(text: str) -> Match:
    """The finished match a record holds; a malformed or unfinished record is refused."""
    try:
        data = json.loads(text)
    except ValueError:
        raise InvalidRecordError("this is not an Eights record (not JSON)") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InvalidRecordError(f"this is not an Eights record (no {FORMAT!r} line)")
    try:
        match = Match(Rules.from_dict(data["rules"]), int(data["first_dealer"]), str(data["seed"]))
        actions = [(int(seat), str(act)) for seat, act in data["actions"]]
        for seat, act in actions:
            match.apply(seat, act)
    except (KeyError, TypeError, ValueError, CardTableError) as error:
        raise InvalidRecordError(f"the Eights record does not replay: {error}") from None
    result = data.get("result")
    if match.final is None or not isinstance(result, dict):
        raise InvalidRecordError("the Eights record is not finished: the match goes on")
    if result.get("scores") != list(match.final.scores):
        raise InvalidRecordError("the Eights record's result is not what its actions score")
    return match
