"""The loaded rules of a variant: a tree of frozen attrs records.

The loader turns validated YAML data into these records with a private cattrs
converter (:mod:`cardrules.model.convert`); nothing here parses text.
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
