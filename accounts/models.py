"""Accounts: the custom user model (from the first migration) and the player profile."""

from __future__ import annotations

from django.contrib.auth.models import AbstractUser
from django.db import models


class User(AbstractUser):
    """A player or staff member. Display name and preferences live on the user row."""

    display_name = models.CharField(max_length=40, blank=True)

    def __str__(self) -> str:
        return self.display_name or self.username
