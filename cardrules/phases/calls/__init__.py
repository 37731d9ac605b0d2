"""The ``calls`` phase: a contract auction of bids, passes, doubles and redoubles; the
contract is played with a dummy and scored as duplicate bridge scores it.

After the deal each player in turn (``order``: from the dealer by default) makes a
call: ``pass``, a bid of a level from 1 to ``levels`` in one of the ``strains`` (the
notation is the strain's word and the level: ``spades 4``, ``notrump 3``), higher than
the last bid (a higher level, or the same level in a later strain), ``double`` (the
other side's last bid, not yet doubled) or ``redouble`` (one's own side's bid, doubled
by the other side).  A bid cancels any double.  When everyone passes without a bid the
deal is thrown in (the tricks procedure offers ``thrown_in``) and nobody scores; after a
bid, all but one passing in a row end the auction.  The last bid is the *contract*; its
*declarer* is the player of the side that made it who first named its strain.  The
strain's suit (``suit``) is the deal's trump suit, or none (the phase names trumps: the
file's ``play.trump.source`` is ``bidder``); the player on the declarer's left leads to
the first trick (``named_first_leader``).  With ``dummy`` the declarer's partner is the
*dummy*: their hand lies face up for everyone once the first card is led, and the
declarer chooses its cards (the procedure offers ``dummy``).

When the deal ends the declaring side scores the contract by ``score``
(:mod:`cardrules.phases.calls.scoring`) and the other side the negative; ``vulnerable``
says which sides (the dealer's, the other) score as vulnerable.  Every call, the
contract, the declarer, the dummy and the vulnerable seats are public: views show
``calls``, ``contract``, ``contract_level``, ``contract_strain``, ``doubled``,
``declarer``, ``dummy`` and ``vulnerable``.

Refusals quote the rule number of ``references: {calls: ...}``.

>>> phase = Calls()
>>> import textwrap
>>> text = phase.describe(phase.settings(EXAMPLE))
>>> print(textwrap.fill(text.splitlines()[0], 88))
After the deal each player in turn (from the dealer, clockwise) passes, bids a level
from 1 to 7 in a strain (from the lowest: C, D, H, S, no trumps) higher than the last
bid, doubles the other side's last bid or redoubles their own side's doubled bid.
Everyone passing throws the deal in; after a bid, passes by all but one in a row end the
auction: the last bid is the contract, and the first of its side to name its strain the
declarer, whose partner is the dummy (face up after the opening lead, played by the
declarer). The declarer's left leads.
>>> text.splitlines()[1][:60]
'- A contract of level L needs 6 + L tricks. Made, it scores '
"""

from __future__ import annotations

from cardrules.phases.calls.phase import (
    EXAMPLE,
    FROM_DEALER,
    Calls,
    CallsFields,
    CallsSettings,
    CallsTable,
    Strain,
)

__all__ = ["EXAMPLE", "FROM_DEALER", "Calls", "CallsFields", "CallsSettings", "CallsTable",
           "Strain"]
