"""Subcommands of ``ginrummy`` for the web table: ``serve`` and ``verify``.

Heavy imports (the server, the database) happen inside the handlers, so the rest of the
command line stays quick.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

__all__ = ["add_commands"]


def add_commands(sub: Any) -> None:
    """Add this front end's subcommands to the ``ginrummy`` parser's subparsers."""
    p = sub.add_parser("serve", help="serve the web table (http://127.0.0.1:8000 by default)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port to listen on (8000)")
    p.add_argument(
        "--database",
        metavar="URL",
        help="SQLAlchemy URL (default: $GINRUMMY_DATABASE_URL, else a SQLite file)",
    )
    p.set_defaults(func=_cmd_serve)

    p = sub.add_parser(
        "verify", help="check a revealed deal seed against its commitment; print the deal"
    )
    p.add_argument("seed", help="the seed the table revealed after the hand")
    p.add_argument("commitment", nargs="?", help="the hash the table showed before the hand")
    p.add_argument("--hand", metavar="CARDS", help="your ten cards as dealt, to check too")
    p.add_argument("--upcard", metavar="CARD", help="the first upcard, to check too")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_cmd_verify)


def _cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    import uvicorn

    from ginrummy.store import Store
    from ginrummy.table import TableService
    from ginrummy.web.app import create_app
    from ginrummy.web.hub import MAX_MESSAGE

    store = Store(args.database)
    app = create_app(TableService(store))
    shown = "127.0.0.1" if args.host in ("0.0.0.0", "") else args.host
    if ":" in shown:
        shown = f"[{shown}]"
    out.write(f"Gin Rummy table: http://{shown}:{args.port}/\n")
    out.write(f"database: {_safe_url(store.url)}  (Ctrl+C stops the server)\n")
    out.flush()
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level="warning",
        ws_max_size=MAX_MESSAGE * 4,
        timeout_graceful_shutdown=3,
    )
    return 0


def _safe_url(url: str) -> str:
    """The database URL without a password."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


def _cmd_verify(args: argparse.Namespace, out: TextIO) -> int:
    from ginrummy.cards import parse_card, parse_cards
    from ginrummy.web.fairness import check_commitment, deal_from_seed

    deal = deal_from_seed(args.seed)
    checks: dict[str, bool] = {}
    if args.commitment:
        checks["commitment"] = check_commitment(args.seed, args.commitment)
    if args.hand:
        hand = parse_cards(args.hand)
        checks["hand"] = hand in deal.hands
    if args.upcard:
        checks["upcard"] = parse_card(args.upcard) == deal.upcard
    ok = all(checks.values())
    if args.json:
        out.write(json.dumps({**deal.to_dict(), "checks": checks, "ok": ok}) + "\n")
        return 0 if ok else 1
    lines = [f"seed {deal.seed}", f"commitment {deal.commitment}"]
    if "commitment" in checks:
        lines.append(
            "  matches the commitment shown before the hand"
            if checks["commitment"]
            else f"  DOES NOT MATCH the commitment given ({args.commitment})"
        )
    lines += [
        f"non-dealer {deal.hands[0]}",
        f"dealer     {deal.hands[1]}",
        f"upcard     {deal.upcard}",
        f"stock      {' '.join(str(c) for c in deal.stock)}  (top first)",
    ]
    if "hand" in checks:
        lines.append(
            "  your hand is the one this seed deals"
            if checks["hand"]
            else "  YOUR HAND IS NOT one this seed deals"
        )
    if "upcard" in checks:
        lines.append(
            "  the upcard is the one this seed deals"
            if checks["upcard"]
            else "  THE UPCARD IS NOT the one this seed deals"
        )
    out.write("\n".join(lines) + "\n")
    if not ok:
        sys.stderr.write("ginrummy: the deal does not match\n")
    return 0 if ok else 1
