"""The betting family: antes and blinds, rounds of fixed-limit betting (check, bet,
call, raise, fold) with community cards dealt between them, then a showdown of the
hands still in by a ranking of hand classes given as data; ties split the pot.

The family registers two procedures: ``betting`` (:mod:`.procedure`) and ``vying``
(:mod:`.vying`), one sequence of stakes in which each player stakes at least the
previous player's stake, blind players half, until one of the last two pays to see
the other (Three-card Brag), its hands compared by the same ranking.  Importing the
family registers both: the registry finds the family's ``procedure`` module, and this
package imports the vying procedure's."""

from cardrules.families.betting.vying import procedure as _vying  # noqa: F401  registers "vying"
