"""Benchmarks: random playouts of cardrules games and of peer engines."""
