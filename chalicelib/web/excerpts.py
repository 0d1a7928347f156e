"""The review page's view of a large uploaded run log: its head and its tail, and how much of
it was skipped (the validator keeps them when it reads the log: services/object_streams.py)."""

from __future__ import annotations

from chalicelib.domain.uploads import human_bytes
from chalicelib.services.object_streams import EXCERPT_BYTES, LogExcerpt
from chalicelib.web.html import Html, render


def excerpt_html(reproduction_id: str, excerpt: LogExcerpt) -> Html:
    if not excerpt.tail:
        return render(
            """<h3 id="log-${rid}">Uploaded run log
 <span class="muted">(${size}, all of it)</span></h3>
<pre class="log" tabindex="0" aria-labelledby="log-${rid}"
 data-testid="log-excerpt">${text}</pre>""",
            rid=reproduction_id,
            size=human_bytes(excerpt.total_bytes),
            text=excerpt.head,
        )
    return render(
        """<h3 id="log-${rid}">Uploaded run log <span class="muted">(${size}: its first and last
${edge} are shown, ${skipped} skipped between them)</span></h3>
<pre class="log" tabindex="0" aria-labelledby="log-${rid}" data-testid="log-head">${head}</pre>
<p class="muted" data-testid="log-skipped">… ${skipped} skipped …</p>
<pre class="log" tabindex="0" aria-labelledby="log-${rid}" data-testid="log-tail">${tail}</pre>""",
        rid=reproduction_id,
        size=human_bytes(excerpt.total_bytes),
        edge=human_bytes(EXCERPT_BYTES),
        skipped=human_bytes(excerpt.skipped_bytes),
        head=excerpt.head,
        tail=excerpt.tail,
    )
