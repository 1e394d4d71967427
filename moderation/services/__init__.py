"""Moderation's writes. Each service owns its transaction, goes through the games services
for anything that touches a game, and writes the audit log."""
