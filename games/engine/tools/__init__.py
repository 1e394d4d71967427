"""Command-line tools over the engine: simulate (throughput and bot strength), golden files."""
