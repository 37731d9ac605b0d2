"""Families of play: each package holds everything of one kind of play (its rule
records, checks, state, rules, tables, view, description and heuristics) and registers
one :class:`~cardrules.engine.procedures.Procedure`."""
