"""Measure the Num Bounce heuristic bot against `RandomBot`s (see tests/numwars/strength.py).

PYTHONPATH=src python -m tests.numbounce.strength --games 400
"""

from __future__ import annotations

from tests.numwars.strength import main

if __name__ == "__main__":
    main("numbounce")
