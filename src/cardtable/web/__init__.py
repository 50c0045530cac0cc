"""The web table: an ASGI app (Starlette under uvicorn) over the table service.

``ginrummy serve`` runs it; :func:`cardtable.web.app.create_app` builds it. The page is plain
HTML, CSS and JavaScript modules in ``static/``, with cards drawn as SVG; nothing is fetched
from outside the server. Importing this package stays light: the server is imported only by
``cardtable.web.app``.
"""
