"""``serve``: the web table on uvicorn (the server is imported only when it runs)."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from cardtable.cli.arguments import check_database
from cardtable.cli.usage import whole

__all__ = ["add_serve"]


def add_serve(sub: Any, processes: bool = False) -> None:
    """The ``serve`` command; ``processes`` adds the options of a deployment (several
    processes on PostgreSQL), which ``ginrummy serve`` keeps out of its unchanged help."""
    p = sub.add_parser("serve", help="serve the web table (http://127.0.0.1:8000 by default)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    p.add_argument("--port", type=whole, default=8000, help="port to listen on (8000)")
    p.set_defaults(
        func=_cmd_serve,
        workers=1,
        job_lease=None,
        cache_size=None,
        max_connections=None,
        allowed_hosts=None,
    )
    if not processes:
        p.add_argument(
            "--database",
            metavar="URL",
            help="SQLAlchemy URL (default: $GINRUMMY_DATABASE_URL, else a SQLite file)",
        )
        return
    p.add_argument(
        "--database-url",
        "--database",
        dest="database",
        metavar="URL",
        help="SQLAlchemy URL: sqlite:///file.db, or postgresql+psycopg://user@host/db for "
        "several processes (default: $CARDTABLE_DATABASE_URL, else a SQLite file)",
    )
    p.add_argument(
        "--workers",
        type=whole,
        default=1,
        metavar="N",
        help="server processes on the port (1; more need PostgreSQL)",
    )
    p.add_argument(
        "--job-lease",
        type=float,
        metavar="SECONDS",
        help="how long a process holds a computer turn it took before another may (15)",
    )
    p.add_argument(
        "--cache-size",
        type=whole,
        metavar="N",
        help="matches each process keeps live in memory (2000)",
    )
    p.add_argument(
        "--max-connections",
        type=whole,
        metavar="N",
        help="connections each process holds at once, sockets included; more are refused "
        "with 503 (default: $CARDTABLE_MAX_CONNECTIONS, else 1000)",
    )
    p.add_argument(
        "--allowed-hosts",
        metavar="NAMES",
        help="host names the server answers for, separated by commas (*.example.org for "
        "any under it; * for any); default: $CARDTABLE_ALLOWED_HOSTS, else loopback names "
        "when --host is loopback and any name otherwise",
    )


def _cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    from cardtable.web.server import serve

    check_database(args.database)  # one line and exit 2, not a traceback from the store
    # Scripts read the first line of ``ginrummy serve``: only ``cardtable serve`` says more.
    title = "Card Table (Gin Rummy, Cribbage)" if args.prog == "cardtable" else "Gin Rummy table"
    return serve(
        args.host,
        args.port,
        args.database,
        out,
        title,
        workers=args.workers,
        job_lease=args.job_lease,
        cache_size=args.cache_size,
        max_connections=args.max_connections,
        allowed_hosts=args.allowed_hosts,
    )
