"""Packages that plug into cardrules from outside it, for the tests."""
