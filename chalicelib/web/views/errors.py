"""The error page every route answers with when it cannot show its own."""

from __future__ import annotations

from chalicelib.web.html import Html, render
from chalicelib.web.layout import PageContext, notice, page


def error_page(ctx: PageContext, *, title: str, message: str, back: str = "/") -> Html:
    body = render(
        '<h1>${title}</h1>${notice}<p><a href="${href}">Back</a></p>',
        title=title,
        notice=notice(message, "error"),
        href=ctx.link(back),
    )
    return page(ctx, title=title, active="", body=body)
