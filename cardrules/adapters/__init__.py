"""Adapters to other frameworks (optional extras; each module imports its framework).

- :mod:`cardrules.adapters.pettingzoo`: any game as a PettingZoo AEC environment
  (``pip install 'cardrules[rl]'``).
"""
