"""Num Stop strategy: what bots use and the rules do not need.

Bots, determinization (`sample_state`) and the analysis they rely on. Nothing in the
rules modules of the game imports from here.
"""
