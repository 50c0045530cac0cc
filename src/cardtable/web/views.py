"""What the page is sent: a seat's view from the table service, plus conveniences computed
from that seat's own cards only (the best layout for each legal knock, the deadwood each
discard leaves), the lesson's view, and the choices offered when a match is set up."""

from __future__ import annotations

from typing import Any

from cardtable.cards import CardSet, parse_cards
from cardtable.gin.actions import Action, ActionKind
from cardtable.gin.hand import Observation, Phase
from cardtable.gin.lesson import LESSON_STEPS, LessonSession
from cardtable.gin.melds import Arrangement, best_arrangement, discard_options
from cardtable.gin.rules import PRESETS, Rules

__all__ = ["default_level", "lesson_view", "options", "table_view"]

_LEVEL_ORDER = ("beginner", "intermediate", "expert", "simple", "random")


def default_level(names: list[str]) -> str:
    """``intermediate`` once it exists, else ``simple``, else the first level there is."""
    for name in ("intermediate", "simple"):
        if name in names:
            return name
    return names[0]


def _levels(names: list[str]) -> list[str]:
    known = [n for n in _LEVEL_ORDER if n in names]
    return known + sorted(n for n in names if n not in _LEVEL_ORDER)


def options(names: list[str]) -> dict[str, Any]:
    """Levels, presets with every setting, and a line of help per setting."""
    return {
        "levels": _levels(names),
        "default_level": default_level(names),
        "presets": {name: rules.to_dict() for name, rules in PRESETS.items()},
        "default_preset": "standard",
        "settings": Rules.describe(),
    }


def _layout(arrangement: Arrangement) -> dict[str, Any]:
    return {
        "melds": [[str(c) for c in meld.cards] for meld in arrangement.melds],
        "kinds": [meld.kind for meld in arrangement.melds],
        "unmatched": [str(c) for c in arrangement.unmatched],
        "deadwood": arrangement.deadwood,
    }


def _helpers(hand: CardSet, phase: str, legal: list[str]) -> dict[str, Any]:
    """Knock layouts and per-discard deadwood from the seat's own cards and legal actions."""
    knock_options: list[dict[str, Any]] = []
    for text in legal:
        action = Action.parse(text)
        if action.kind in (ActionKind.KNOCK, ActionKind.GIN):
            assert action.card is not None
            layout = _layout(best_arrangement(hand.remove(action.card)))
            knock_options.append(
                {"action": text, "kind": action.kind.value, "card": str(action.card), **layout}
            )
        elif action.kind is ActionKind.BIG_GIN:
            layout = _layout(best_arrangement(hand))
            knock_options.append({"action": text, "kind": "big_gin", "card": None, **layout})
    knock_options.sort(key=lambda o: (o["deadwood"], o["card"] or ""))
    discards: dict[str, int] = {}
    if phase == Phase.DISCARD.value and legal:
        discards = {str(card): left for card, left in discard_options(hand)}
    return {"knock_options": knock_options, "discard_deadwood": discards}


def table_view(view: dict[str, Any]) -> dict[str, Any]:
    """A service seat view, with the page's helpers added (``kinds`` of the melds as well)."""
    observation = view["observation"]
    hand = parse_cards(observation["hand"])
    data = dict(view)
    data["arrangement"] = _layout(best_arrangement(hand))
    data.update(_helpers(hand, observation["phase"], view["legal_actions"]))
    return data


def _observation_view(observation: Observation) -> dict[str, Any]:
    legal = [str(a) for a in observation.legal_actions()]
    data: dict[str, Any] = {
        "seat": observation.seat,
        "observation": observation.to_dict(),
        "arrangement": _layout(best_arrangement(observation.hand)),
        "legal_actions": legal,
        "can_knock": any(Action.parse(a).kind is ActionKind.KNOCK for a in legal),
        "can_gin": any(Action.parse(a).kind in (ActionKind.GIN, ActionKind.BIG_GIN) for a in legal),
    }
    data.update(_helpers(observation.hand, observation.phase.value, legal))
    return data


def lesson_view(lesson_id: str, session: LessonSession, message: str = "") -> dict[str, Any]:
    """The lesson's table (the learner's seat only) and the step to do."""
    step = session.step
    observation = session.observation()
    data = _observation_view(observation)
    data.update(
        {
            "lesson_id": lesson_id,
            "players": [{"kind": "human", "name": "You"}, {"kind": "computer", "name": "Teacher"}],
            "status": "lesson",
            "dealer": observation.dealer,
            "scores": [0, 0],
            "lesson": {
                "index": session.index,
                "total": len(LESSON_STEPS),
                "key": step.key,
                "title": step.title,
                "text": step.text,
                "select": step.select,
                "action": step.action,
                "is_info": step.is_info,
                "finished": session.finished,
                "message": message,
            },
        }
    )
    return data
