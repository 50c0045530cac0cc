"""``serve``: the web table on uvicorn (the server is imported only when it runs)."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

__all__ = ["add_serve"]


def add_serve(sub: Any) -> None:
    p = sub.add_parser("serve", help="serve the web table (http://127.0.0.1:8000 by default)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port to listen on (8000)")
    p.add_argument(
        "--database",
        metavar="URL",
        help="SQLAlchemy URL (default: $GINRUMMY_DATABASE_URL, else a SQLite file)",
    )
    p.set_defaults(func=_cmd_serve)


def _cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    from cardtable.web.server import serve

    # Scripts read the first line of ``ginrummy serve``: only ``cardtable serve`` says more.
    title = "Card Table (Gin Rummy, Cribbage)" if args.prog == "cardtable" else "Gin Rummy table"
    return serve(args.host, args.port, args.database, out, title)
