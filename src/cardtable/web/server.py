"""Running the web table: uvicorn over :func:`cardtable.web.app.create_app` and a store."""

from __future__ import annotations

from typing import TextIO

__all__ = ["serve"]


def serve(
    host: str, port: int, database: str | None, out: TextIO, title: str = "Gin Rummy table"
) -> int:
    """Serve the web table at ``host:port`` on the database ``database`` until Ctrl-C; the
    first line printed names it ``title`` (``ginrummy serve`` keeps its own words)."""
    import uvicorn

    from cardtable.store import Store
    from cardtable.table import TableService
    from cardtable.web.app import create_app
    from cardtable.web.hub import MAX_MESSAGE

    store = Store(database)
    app = create_app(TableService(store))
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else host
    if ":" in shown:
        shown = f"[{shown}]"
    out.write(f"{title}: http://{shown}:{port}/\n")
    out.write(f"database: {_safe_url(store.url)}  (Ctrl+C stops the server)\n")
    out.flush()
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=MAX_MESSAGE * 4,
        timeout_graceful_shutdown=3,
    )
    return 0


def _safe_url(url: str) -> str:
    """The database URL without a password."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
