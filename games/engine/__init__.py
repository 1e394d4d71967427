"""The rules layer: pure, deterministic, typed Python with no Django import.

`core` holds the contract every game implements; `games/<slug>/` holds each game.
"""
