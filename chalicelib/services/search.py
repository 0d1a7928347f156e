"""Find papers by words of their title or model names (GET /api/v1/papers?q=)."""

from __future__ import annotations

from typing import Any

from chalicelib.db import search as search_db
from chalicelib.domain.search_words import STOP_WORDS, key_word, query_words
from chalicelib.errors import HttpError


def search_papers(
    query: str, limit: int, cursor: str | None
) -> tuple[list[dict[str, Any]], str | None]:
    """One Query on the index partition of the query's longest word; the other words
    filter it. Every word must match (case- and accent-insensitive, whole words)."""
    terms = query_words(query)
    if not terms:
        raise HttpError(
            400,
            "invalid_parameter",
            "query parameter 'q': give at least one word of two or more letters or digits "
            f"that is not a stop word ({', '.join(sorted(STOP_WORDS))})",
            [{"field": "q", "message": "no searchable word"}],
        )
    key = key_word(terms)
    return search_db.search_page(key, [t for t in terms if t != key], limit, cursor)
