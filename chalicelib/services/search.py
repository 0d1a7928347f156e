"""Find papers by words of their title or model names (GET /api/v1/papers?q=)."""

from __future__ import annotations

from typing import Any

from chalicelib.db import search as search_db
from chalicelib.domain.search_words import key_word, query_words


def search_papers(
    query: str, limit: int, cursor: str | None
) -> tuple[list[dict[str, Any]], str | None]:
    """One Query on the index partition of the query's longest word; the other words
    filter it. Every word must match (case- and accent-insensitive, whole words); words of
    one character and stop words (`chalicelib.domain.search_words.STOP_WORDS`) are ignored."""
    terms = query_words(query)
    if not terms:
        # Only one-character words and stop words: nothing is indexed under them, so nothing
        # matches (like any query without a match; the OpenAPI document says so).
        return [], None
    key = key_word(terms)
    return search_db.search_page(key, [t for t in terms if t != key], limit, cursor)
