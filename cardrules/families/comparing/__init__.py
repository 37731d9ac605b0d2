"""The comparing family: each player plays a hand against a house (a dealer) whose play a
fixed rule makes; hands are totals of card values as data, an ace-like card may count
high, a hand over the goal busts, and each player's hand is paid by a table of payouts
as data (win, tie, loss, natural)."""
