"""Free-text normalisation and workspace paths (chalicelib/domain/text.py)."""

from __future__ import annotations

import re
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chalicelib.domain.text import REFUSED_RANGES, TextError, clean_text, workspace_path


@pytest.mark.parametrize(
    ("raw", "stored"),
    [
        ("  1x A100 80GB  ", "1x A100 80GB"),
        ("１x Ａ１００", "1x A100"),  # fullwidth
        ("ﬁne-tuned", "fine-tuned"),  # a ligature
        ("A100\u00a080GB", "A100 80GB"),  # a no-break space
        ("Réseau", "Réseau"),  # letters of any script stay
    ],
)
def test_text_is_nfkc_normalised_and_trimmed(raw: str, stored: str) -> None:
    assert clean_text(raw) == stored


@pytest.mark.parametrize(
    ("raw", "says"),
    [
        ("A100\u200b", "a zero-width space (U+200B) at position 4"),
        ("\u202eevil", "a bidi override (U+202E) at position 0"),
        ("a\u2066b", "a bidi isolate (U+2066)"),
        ("a\ufeffb", "a byte-order mark (U+FEFF)"),
        ("a\u00adb", "an invisible format character (U+00AD)"),  # soft hyphen
        ("a\x00b", "a NUL character (U+0000)"),
        ("a\x07b", "a control character (U+0007)"),
        ("a\nb", "a control character (U+000A)"),
        ("a\u2028b", "a line separator (U+2028)"),
        ("a\ue000b", "a private-use character (U+E000)"),
        ("", "is empty or only whitespace"),
        (" \t\u3000 ", "is empty or only whitespace"),
    ],
)
def test_invisible_and_control_characters_are_refused(raw: str, says: str) -> None:
    with pytest.raises(TextError, match=None) as refused:
        clean_text(raw)
    assert says in str(refused.value)


def test_multiline_text_keeps_line_breaks_and_tabs_only() -> None:
    assert clean_text("line 1\n\tline 2", multiline=True) == "line 1\n\tline 2"
    with pytest.raises(TextError, match=r"U\+200D"):
        clean_text("line 1\n\u200d", multiline=True)


@pytest.mark.parametrize("path", ["src/model.py", "a/..b/c", "configs\\eval.yaml", ".hidden/x"])
def test_workspace_relative_paths_are_kept(path: str) -> None:
    assert workspace_path(path) == path


@pytest.mark.parametrize(
    ("path", "says"),
    [
        ("/etc/passwd", "is absolute"),
        ("\\windows\\x", "is absolute"),
        ("C:/x.py", "names a drive"),
        ("~/.ssh/id_rsa", "starts with '~'"),
        ("~root/x", "starts with '~'"),
        ("..", "climbs out"),
        ("a/../../b", "climbs out"),
        ("a\\..\\b", "climbs out"),
        ("a\x00b", "NUL"),
    ],
)
def test_paths_outside_the_workspace_are_refused(path: str, says: str) -> None:
    with pytest.raises(TextError) as refused:
        workspace_path(path)
    assert says in str(refused.value)


def test_refused_ranges_are_exactly_the_refused_categories() -> None:
    refused = {
        code
        for code in range(0x110000)
        if unicodedata.category(chr(code)) in ("Cc", "Cf", "Cs", "Co", "Zl", "Zp")
    }
    listed = {code for low, high in REFUSED_RANGES for code in range(low, high + 1)}
    assert listed == refused


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=12), st.booleans())
def test_the_documented_pattern_accepts_what_clean_text_accepts(raw: str, multiline: bool) -> None:
    """The OpenAPI document's pattern for free text says exactly which strings are stored (a
    client that checks it never gets a 422 for text the server would take, and the reverse)."""
    from chalicelib.api.models import MULTILINE_TEXT_PATTERN, TEXT_PATTERN

    try:
        clean_text(raw, multiline=multiline)
        accepted = True
    except TextError:
        accepted = False
    pattern = MULTILINE_TEXT_PATTERN if multiline else TEXT_PATTERN
    assert bool(re.match(pattern, raw)) == accepted, ascii(raw)


@pytest.mark.parametrize("path", ["/etc/passwd", "\\share\\x", "~/x", " /x"])
def test_the_documented_path_pattern_refuses_what_is_not_relative(path: str) -> None:
    from chalicelib.api.models import PATH_PATTERN

    assert re.match(PATH_PATTERN, path) is None
    assert re.match(PATH_PATTERN, "src/model.py")
