"""The shedding family: lay a card that beats the top of the pile, draw, or pass."""
