"""Adapters to other frameworks (optional extras; each module imports its framework).

- :mod:`cardrules.adapters.pettingzoo`: any game as a PettingZoo AEC environment
  (``pip install 'cardrules[rl]'``).
- :mod:`cardrules.adapters.openspiel`: any deal as an OpenSpiel game registered as
  ``python_cardrules`` (``pip install 'cardrules[openspiel]'``).
"""
