"""The web table (``cardrules serve``, the ``[web]`` extra): a server that holds the true
state of each table and sends every seat only what its view shows, over a JSON protocol
on a WebSocket (:mod:`cardrules.web.protocol`, documented in ``docs/web.md`` with the
schema ``schemas/web-protocol.schema.json``), a browser table of bundled static files, and
a small Python client (:mod:`cardrules.web.client`).

Built on the engine and the tools; nothing else in the package imports it (the command
line loads it only when ``cardrules serve`` runs).  :mod:`cardrules.web.protocol` and
:mod:`cardrules.web.tables` need no web framework; :mod:`cardrules.web.app` needs
Starlette and :func:`cardrules.web.app.serve` uvicorn.
"""
