"""The betting family: antes and blinds, rounds of fixed-limit betting (check, bet,
call, raise, fold) with community cards dealt between them, then a showdown of the
hands still in by a ranking of hand classes given as data; ties split the pot."""
