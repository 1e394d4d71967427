"""The API's JSON parser: DRF's, with the nesting limit of games.client_json, so a hostile
body is a 400 in the API's error shape rather than a RecursionError."""

from __future__ import annotations

from collections.abc import Mapping
from typing import IO, Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from games.client_json import TooDeep, check_depth


class DepthLimitedJSONParser(JSONParser):
    def parse(
        self,
        stream: IO[Any],
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
            check_depth(data)
        except (RecursionError, TooDeep):
            raise ParseError(str(TooDeep())) from None
        return data
