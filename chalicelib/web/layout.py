"""The page frame shared by every page: head, a small inline stylesheet, the site header with
navigation and the signed-in reviewer, and the main landmark."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from chalicelib.web.html import Html, join, render, url
from chalicelib.web.sessions import Session

CSS = """
:root{--fg:#1b1f24;--muted:#57606a;--line:#d0d7de;--head:#f6f8fa;--accent:#0b5cad;
--ok:#116329;--ok-bg:#dafbe1;--warn:#7a4d00;--warn-bg:#fff8c5;--bad:#a40e26;--bad-bg:#ffebe9}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",sans-serif;
color:var(--fg);background:#fff}
a{color:var(--accent)}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,pre:focus-visible
{outline:3px solid #e3a008;outline-offset:2px}
.skip{position:absolute;left:-9999px}
.skip:focus{left:1rem;top:.5rem;background:#fff;color:var(--fg);padding:.4rem .8rem;z-index:2}
header.site{background:#0f2740;color:#fff}
header.site .bar{max-width:76rem;margin:0 auto;padding:.55rem 1rem;display:flex;gap:1.75rem;
align-items:center;flex-wrap:wrap}
.brand{font-weight:700;font-size:1.15rem;color:#fff;text-decoration:none;letter-spacing:.01em}
.brand span{color:#7cc4ff}
nav ul{list-style:none;display:flex;gap:1.25rem;margin:0;padding:0}
nav a{color:#d5e3f0;text-decoration:none;padding:.2rem 0;border-bottom:2px solid transparent}
nav a:hover{color:#fff}
nav a[aria-current=page]{color:#fff;border-bottom-color:#7cc4ff}
.who{margin-left:auto;display:flex;gap:.75rem;align-items:center;font-size:.9rem;color:#d5e3f0}
.who form{margin:0}
.who a{color:#fff}
.who button{background:transparent;color:#fff;border-color:#8fb3d6;padding:.2rem .7rem}
main{max-width:76rem;margin:0 auto;padding:1rem 1rem 3rem}
h1{font-size:1.6rem;line-height:1.25;margin:.75rem 0 .5rem}
h2{font-size:1.2rem;margin:2rem 0 .5rem}
h3{font-size:1.05rem;margin:1rem 0 .35rem}
p.lead{color:var(--muted);margin:.25rem 0 1rem;max-width:52rem}
table{border-collapse:collapse;width:100%;margin:.25rem 0 1rem;font-size:.94rem}
caption{text-align:left;font-weight:600;padding:.35rem 0;color:var(--muted)}
th,td{border-bottom:1px solid var(--line);padding:.45rem .6rem;text-align:left;vertical-align:top}
thead th{background:var(--head);border-bottom:2px solid var(--line);white-space:nowrap}
tbody th{font-weight:500}
tbody tr:nth-child(even){background:#fafbfc}
tfoot th,tfoot td{font-weight:700;border-top:2px solid var(--line)}
.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.wrap-anywhere{overflow-wrap:anywhere}
.table-wrap{overflow-x:auto}
tr.group th{background:#eef2f6;font-weight:700;border-bottom:1px solid var(--line)}
.nowrap{white-space:nowrap}
form.filters{display:flex;flex-wrap:wrap;gap:.75rem 1rem;align-items:flex-end;
background:var(--head);border:1px solid var(--line);border-radius:6px;padding:.75rem 1rem;
margin:.5rem 0 1rem}
label{display:flex;flex-direction:column;gap:.2rem;font-size:.85rem;font-weight:600}
.hint{font-weight:400;color:var(--muted);font-size:.8rem}
input,select{font:inherit;font-size:.95rem;padding:.35rem .5rem;border:1px solid #8c959f;
border-radius:4px;min-width:9rem;background:#fff;color:var(--fg);font-weight:400}
input[type=number]{min-width:6rem;width:7rem}
button{font:inherit;font-size:.95rem;padding:.4rem 1rem;border-radius:4px;border:1px solid #0b5cad;
background:#0b5cad;color:#fff;cursor:pointer}
button:hover{filter:brightness(1.1)}
button.promote{background:var(--ok);border-color:var(--ok)}
button.reject{background:#fff;color:var(--bad);border-color:var(--bad)}
.badge{display:inline-block;padding:0 .55rem;border-radius:1rem;font-size:.8rem;font-weight:600;
border:1px solid var(--line);white-space:nowrap;background:var(--head);color:var(--muted)}
.badge.good{color:var(--ok);background:var(--ok-bg);border-color:#8fd8a0}
.badge.wait{color:var(--warn);background:var(--warn-bg);border-color:#e2c04a}
.badge.bad{color:var(--bad);background:var(--bad-bg);border-color:#f5b1ab}
.notice{padding:.6rem .9rem;border-radius:6px;border:1px solid var(--line);margin:1rem 0;
background:var(--head)}
.notice.ok{background:var(--ok-bg);border-color:#8fd8a0}
.notice.error{background:var(--bad-bg);border-color:#f5b1ab;color:#6e0a1b}
.muted{color:var(--muted)}
.unread{color:var(--warn);background:var(--warn-bg);border-left:3px solid #e2c04a;
padding:.3rem .6rem;margin:.4rem 0}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);
white-space:nowrap}
.summary{display:flex;flex-wrap:wrap;gap:1rem 2.5rem;align-items:center;
border:1px solid var(--line);border-radius:8px;padding:.75rem 1rem;margin:.75rem 0 1rem}
.summary .score{font-size:2rem;font-weight:700;line-height:1}
.summary dl{margin:0}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem;margin:.5rem 0}
dl.facts dt{font-weight:600;color:var(--muted)}
dl.facts dd{margin:0;overflow-wrap:anywhere}
ul.checks{margin:.1rem 0;padding-left:1.1rem}
ul.checks li{margin:.1rem 0}
.ok-mark{color:var(--ok);font-weight:700}
.bad-mark{color:var(--bad);font-weight:700}
article.submission{border:1px solid var(--line);border-radius:8px;padding:.25rem 1.1rem 1rem;
margin:1rem 0}
article.submission h2{margin-top:.75rem}
pre.log{background:#0d1117;color:#e6edf3;padding:.75rem;border-radius:6px;overflow:auto;
max-height:18rem;font-size:.8rem;line-height:1.4;white-space:pre-wrap;overflow-wrap:anywhere}
.actions{display:flex;gap:.75rem;align-items:center;flex-wrap:wrap;margin-top:.75rem}
.actions form{margin:0}
form.signin{max-width:30rem;display:flex;flex-direction:column;gap:.9rem;
border:1px solid var(--line);border-radius:8px;padding:1rem 1.25rem}
form.signin input{width:100%}
form.signin button{align-self:flex-start}
code{font-size:.88em;background:var(--head);padding:.05rem .3rem;border-radius:3px}
.pager{margin:1rem 0}
"""

_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · SOTAVerified</title>
<style>${css}</style>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site"><div class="bar">
<a class="brand" href="${home}">SOTA<span>Verified</span></a>
<nav aria-label="Main"><ul>${nav}</ul></nav>
<div class="who">${who}</div>
</div></header>
<main id="main" tabindex="-1">
${body}
</main>
</body>
</html>
"""

_NAV = (
    ("sota", "/", "SOTA table"),
    ("agents", "/agents", "Agents"),
    ("review", "/review", "Review"),
    ("docs", "/docs", "API docs"),
)


@dataclass(frozen=True)
class PageContext:
    """Where the pages live (`base`: API Gateway's stage prefix, "" locally) and who is
    signed in."""

    base: str
    session: Session | None

    def link(self, path: str, **params: Any) -> str:
        return self.base + url(path, **params)

    def csrf_field(self) -> Html:
        token = self.session.csrf_token if self.session else ""
        return render('<input type="hidden" name="csrf_token" value="${token}">', token=token)


def page(ctx: PageContext, *, title: str, active: str, body: Html) -> Html:
    nav = join(
        render(
            '<li><a href="${href}"${current}>${label}</a></li>',
            href=ctx.link(path),
            current=Html(' aria-current="page"') if name == active else Html(""),
            label=label,
        )
        for name, path, label in _NAV
    )
    if ctx.session is not None:
        who = render(
            "<span>Signed in as <strong>${name}</strong> (${role})</span>"
            '<form method="post" action="${action}">${csrf}<button type="submit">Sign out'
            "</button></form>",
            name=ctx.session.name,
            role=ctx.session.role,
            action=ctx.link("/logout"),
            csrf=ctx.csrf_field(),
        )
    else:
        current = Html(' aria-current="page"') if active == "login" else Html("")
        who = render(
            '<a href="${href}"${current}>Reviewer sign-in</a>',
            href=ctx.link("/login"),
            current=current,
        )
    return render(
        _PAGE,
        title=title,
        css=Html(CSS),
        home=ctx.link("/"),
        nav=nav,
        who=who,
        body=body,
    )


def notice(text: Html | str, kind: str = "info") -> Html:
    role = "alert" if kind == "error" else "status"
    return render(
        '<div class="notice ${kind}" role="${role}">${text}</div>', kind=kind, role=role, text=text
    )


_GOOD = {"community_verified", "verified", "passed", "valid", "reproduced"}
_WAIT = {"agent_pending", "pending", "contested", "unchecked"}
_BAD = {"disputed", "rejected", "failed", "invalid", "not_reproduced"}
_LABELS = {
    "community_verified": "community verified",
    "agent_pending": "agent pending",
    "unverified": "unverified",
    "not_reproduced": "not reproduced",
    "unchecked": "unchecked: log not read",
}


def badge(state: str | None) -> Html:
    state = state or "unknown"
    tone = (
        "good" if state in _GOOD else "wait" if state in _WAIT else "bad" if state in _BAD else ""
    )
    return render(
        '<span class="badge ${tone}">${label}</span>', tone=tone, label=_LABELS.get(state, state)
    )
