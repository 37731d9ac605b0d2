"""The vying procedure of the betting family: an ante, then one sequence of stakes in
turn in which each player folds or stakes at least the previous player's stake (half as
much when playing blind, unseen), until all but one fold or one of the last two pays to
see the other; hands are compared by the betting family's ranking of hand classes, and
the player who paid to see loses a tie."""
