"""The bouts family: attack and defence in bouts, as in Durak."""
