"""The engine: games, states, the flow of a deal, declared fields, matches, records and
the action and observation spaces; it knows no game and no family by name."""
