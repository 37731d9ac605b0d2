"""The climbing family: a lead of a combination (a single card, a set of cards of one
rank, a chain of consecutive ranks) that each later play must beat with a higher one of
the same type, bombs beating any type; players pass until the table clears, the last to
play leading again, and the order in which the players run out of cards decides the
deal."""
