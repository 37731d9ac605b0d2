"""Hypothesis runs derandomized by default, so a test run (CI's among them) is repeatable:
the same examples every time.  ``HYPOTHESIS_PROFILE=explore python -m pytest`` draws new
examples at random on every run, as a developer's search for new failures."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("repeatable", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))
