"""MkDocs hooks of the documentation site (``hooks:`` in ``mkdocs.yml``).

The ``SUMMARY.md`` files that ``pages.py`` writes only give literate-nav the order of a
generated folder's pages; once the navigation is built they are dropped, so they are
neither rendered as pages nor indexed by the search.
"""

from __future__ import annotations

from typing import Any


def on_nav(nav: Any, config: Any, files: Any) -> Any:
    for file in [f for f in files if f.src_uri.endswith("SUMMARY.md")]:
        files.remove(file)
    return nav
