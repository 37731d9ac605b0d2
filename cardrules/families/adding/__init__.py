"""The adding family: cards played to a running total that may not pass a limit, points
on the way, then a show of fixed combinations with a shared starter card."""
