"""The rummy family: draw, meld, lay off and discard (Gin Rummy)."""
