"""Vocabulary every family shares: beat relations, combinations, trump specs, pots."""
