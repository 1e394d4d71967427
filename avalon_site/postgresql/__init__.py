"""The site's PostgreSQL backend: Django's, with timestamps loaded in C (see .base)."""
