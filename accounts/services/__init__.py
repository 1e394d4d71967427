"""Services of the accounts domain: every write, each owning its transaction.

data.py: deleting an account (the player's "Your data" page).
"""
