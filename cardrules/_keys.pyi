"""The compiled build's sort of a shuffle's cards by their keys (``_keys.c``): see
:func:`cardrules.cards.by_keys`."""

def by_keys(digest: bytes, size: int, /) -> list[int]: ...
