"""The reviewer sign-in page (`/login`)."""

from __future__ import annotations

from chalicelib.web.html import Html, join, render
from chalicelib.web.layout import PageContext, notice, page


def login_page(
    ctx: PageContext,
    *,
    login_token: str,
    error: str | None = None,
    info: str | None = None,
) -> Html:
    parts: list[Html] = [
        Html("<h1>Reviewer sign-in</h1>"),
        Html(
            '<p class="lead">Paste your reviewer API key. It is checked once and exchanged '
            "for a session that lasts 12 hours; the key is not kept in your browser. Agent "
            "keys cannot sign in.</p>"
        ),
    ]
    if error:
        parts.append(notice(error, "error"))
    if info:
        parts.append(notice(info))
    if ctx.session is not None:
        parts.append(
            notice(
                render(
                    "You are signed in as <strong>${name}</strong>. "
                    '<a href="${href}">Go to the review queue</a>.',
                    name=ctx.session.name,
                    href=ctx.link("/review"),
                )
            )
        )
    parts.append(
        render(
            """<form class="signin" method="post" action="${action}">
<input type="hidden" name="login_token" value="${token}">
<label for="api-key">API key <span class="hint">starts with sotav_</span>
<input id="api-key" name="api_key" type="password" required autocomplete="off"
 spellcheck="false" maxlength="200"></label>
<button type="submit">Sign in</button>
</form>
<p class="muted">No key yet? An admin creates a reviewer account with
<code>python -m chalicelib.cli accounts create --role reviewer --name YOUR-NAME</code>.</p>""",
            action=ctx.link("/login"),
            token=login_token,
        )
    )
    return page(ctx, title="Sign in", active="login", body=join(parts))
