"""Issue 13: the benchmarks' floor endpoint is not in the production URLconf."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import NoReverseMatch, reverse


@pytest.mark.django_db
def test_the_benchmark_floor_is_not_mounted_unless_a_setting_enables_it(client: Client) -> None:
    with pytest.raises(NoReverseMatch):
        reverse("bench-floor", args=[1])
    assert client.post("/bench/floor/1/").status_code == 404
