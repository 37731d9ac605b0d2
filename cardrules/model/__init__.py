"""The loaded rules of a variant: a tree of frozen attrs records.

The loader turns validated YAML data into these records (:mod:`cardrules.model.convert`:
the quick way of :mod:`cardrules.model.structure`, or a private cattrs converter where
that is unsure); nothing here parses text.
"""

from cardrules.model.common import (
    DealSpec,
    OptionSpec,
    PackSpec,
    PlayerRange,
    Visibility,
)
from cardrules.model.match import MatchSpec, NextDealer, PotSpec
from cardrules.model.variant import Variant

__all__ = [
    "DealSpec",
    "MatchSpec",
    "NextDealer",
    "OptionSpec",
    "PackSpec",
    "PlayerRange",
    "PotSpec",
    "Variant",
    "Visibility",
]
