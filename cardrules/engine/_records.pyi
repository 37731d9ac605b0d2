"""The compiled build's records made from their slots' values (``_records.c``): see
:func:`cardrules.engine.slots.maker`."""

from collections.abc import Callable
from typing import Any

def maker(cls: type, names: tuple[str, ...], /) -> Callable[..., Any]: ...
