"""Server-rendered pages for humans, served by the same Chalice app as the JSON API:

  GET  /                  the SOTA table (task, dataset, minimum score, trust tier filters)
  GET  /papers/{arxiv_id} a paper: claims beside reproduced values, code, score breakdown,
                          reproductions with their validation verdicts
  GET  /agents            the agent leaderboard
  GET  /review            the review queue (signed-in reviewers): log excerpts, verdicts,
                          Promote / Reject
  POST /review/decide     promote or reject (session + CSRF token; same rules as the API)
  GET  /login, POST /login, POST /logout   reviewer sign-in with an API key

No JavaScript: plain links and forms. Every route is a few lines: read the request, call a
service, render a view (`views/`, one module per page). Sessions and CSRF tokens: `sessions.py`.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Callable
from http.cookies import CookieError, SimpleCookie
from typing import Any
from urllib.parse import parse_qs

from chalice import Blueprint, Response

from chalicelib.db import accounts as accounts_db
from chalicelib.db import papers as papers_db
from chalicelib.db import reproductions as reproductions_db
from chalicelib.db import uploads
from chalicelib.errors import DomainError, HttpError, InvalidRequest, NotFound, StorageUnavailable
from chalicelib.services import papers, review
from chalicelib.services import queue as queue_service
from chalicelib.services.object_streams import log_excerpt
from chalicelib.web import sessions, views
from chalicelib.web.html import Html, render
from chalicelib.web.layout import PageContext

logger = logging.getLogger(__name__)
web_pages = Blueprint(__name__)

FORM = "application/x-www-form-urlencoded"
MAX_FORM_BYTES = 8_192
REVIEW_PAGE_SIZE = 10
PAPER_REPRODUCTIONS_PAGE = 50
AGENTS_PAGE_SIZE = 50
_REPRODUCTION_ID = re.compile(r"^[A-Za-z0-9_-]{1,100}$")
SECURITY_HEADERS = {
    "Content-Type": "text/html; charset=utf-8",
    # No script may run on these pages: a second line of defence behind escaping.
    "Content-Security-Policy": (
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; "
        "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
}


class PageError(Exception):
    """Ends a request with an error page."""

    def __init__(self, status: int, title: str, message: str) -> None:
        super().__init__(message)
        self.status, self.title, self.message = status, title, message


# --- routing -------------------------------------------------------------------------------


def page_route(
    path: str, method: str = "GET", content_types: tuple[str, ...] = ()
) -> Callable[[Callable[..., Response]], Callable[..., Response]]:
    """Register a page on `web_pages`. Like `chalicelib.api.registry._add_route`, the route
    options are built afresh for every app the blueprint is registered on (Chalice pops
    them from the dict a Blueprint keeps; the tests and the local stack reload `app`).
    Errors become HTML error pages here, not JSON."""

    def decorator(fn: Callable[..., Response]) -> Callable[..., Response]:
        @functools.wraps(fn)
        def view(*args: Any, **kwargs: Any) -> Response:
            try:
                response = fn(*args, **kwargs)
            except PageError as exc:
                response = _error(exc.status, exc.title, exc.message)
            except DomainError as exc:
                response = _domain_error(exc)
            except Exception:
                logger.exception("page %s failed", path)
                response = _error(500, "Something went wrong", "Unexpected server error; retry.")
            return _without_body(response) if _request().method == "HEAD" else response

        def register(app: Any, options: dict[str, Any]) -> None:
            # HEAD wherever GET (README "HTTP conventions"); no CORS: these pages use a
            # cookie session, so no other origin may read them.
            methods = [method, "HEAD"] if method == "GET" else [method]
            kwargs: dict[str, Any] = {"methods": methods, "cors": False}
            if content_types:
                kwargs["content_types"] = list(content_types)
            route = {"path": path, "kwargs": kwargs}
            app._register_handler("route", view.__name__, view, view, route, options)

        web_pages._deferred_registrations.append(register)
        return view

    return decorator


def _without_body(response: Response) -> Response:
    """A HEAD response: the GET's status and headers (Content-Length its length), no body."""
    body = response.body if isinstance(response.body, str | bytes) else ""
    raw = body.encode("utf-8") if isinstance(body, str) else body
    headers = {**(response.headers or {}), "Content-Length": str(len(raw))}
    return Response(body="", status_code=response.status_code, headers=headers)


# --- request helpers -------------------------------------------------------------------------


def _request() -> Any:
    return web_pages.current_request


def _base_path() -> str:
    """API Gateway's stage prefix ("/api" on an execute-api URL), so that links work both
    deployed and locally: requestContext.path is the full path, the event's path is the
    route's."""
    request = _request()
    full = str(request.context.get("path") or "")
    route = str(request.to_original_event().get("path") or "")
    if not full or not route:
        return ""  # chalice local: no stage
    full, route = full.rstrip("/"), route.rstrip("/")
    if full.endswith(route) and len(full) > len(route):
        return full[: len(full) - len(route)]
    return ""


def _is_https() -> bool:
    headers = _request().headers
    proto = (headers.get("x-forwarded-proto") or "").split(",")[0].strip().lower()
    return proto == "https"


def _cookies() -> dict[str, str]:
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(_request().headers.get("cookie") or "")
    except CookieError:
        return {}
    return {name: morsel.value for name, morsel in jar.items()}


def _context(load_session: bool = True) -> PageContext:
    session = sessions.load(_cookies().get(sessions.COOKIE_NAME)) if load_session else None
    return PageContext(base=_base_path(), session=session)


def _query() -> dict[str, str]:
    params: Any = _request().query_params or {}
    return {name: params.getlist(name)[0] for name in params}


def _form() -> dict[str, str]:
    raw = _request().raw_body or b""
    if len(raw) > MAX_FORM_BYTES:
        raise PageError(413, "Form too large", "The form data is too large.")
    text = raw.decode("utf-8", errors="replace") if isinstance(raw, bytes) else str(raw)
    try:
        fields = parse_qs(text, keep_blank_values=True, strict_parsing=False, max_num_fields=20)
    except ValueError as exc:
        raise PageError(400, "Bad form", "The form has too many fields.") from exc
    return {name: values[0] for name, values in fields.items()}


# --- responses -----------------------------------------------------------------------------


def _html(body: Html, status: int = 200, headers: dict[str, Any] | None = None) -> Response:
    return Response(
        body=str(body), status_code=status, headers={**SECURITY_HEADERS, **(headers or {})}
    )


def _redirect(location: str, cookies: list[str] | None = None) -> Response:
    headers: dict[str, Any] = {"Location": location, "Cache-Control": "no-store"}
    if cookies:
        headers["Set-Cookie"] = cookies if len(cookies) > 1 else cookies[0]
    return Response(body="", status_code=303, headers=headers)


def _error(status: int, title: str, message: str) -> Response:
    try:
        ctx = _context()
    except DomainError:
        ctx = PageContext(base=_base_path(), session=None)
    return _html(views.error_page(ctx, title=title, message=message), status)


def _domain_error(exc: DomainError) -> Response:
    if isinstance(exc, HttpError):
        return _error(exc.status, "Not allowed" if exc.status == 403 else "Error", exc.message)
    if isinstance(exc, NotFound):
        return _error(404, "Not found", exc.message)
    if isinstance(exc, InvalidRequest):
        return _error(400, "Bad request", exc.message)
    if isinstance(exc, StorageUnavailable):
        return _error(503, "Try again shortly", "The database is busy; reload in a moment.")
    return _error(400, "Bad request", exc.message)


def _cookie(name: str, value: str, *, path: str, max_age: int, same_site: str) -> str:
    secure = "; Secure" if _is_https() else ""
    return f"{name}={value}; Path={path}; Max-Age={max_age}; HttpOnly; SameSite={same_site}{secure}"


# --- SOTA, paper, agents (public) ----------------------------------------------------------

SOTA_FIELDS = ("task", "dataset", "min_score", "min_reproductions", "status", "trust_tier", "sort")


@page_route("/")
def sota_page() -> Response:
    ctx = _context()
    query = _query()
    form = {k: query[k].strip() for k in SOTA_FIELDS if query.get(k, "").strip()}
    if not form.get("task"):
        return _html(views.sota_page(ctx, form=form, rows=None, next_cursor=None))
    from pydantic import ValidationError

    from chalicelib.api.models import SotaQuery

    try:
        parsed = SotaQuery.model_validate({**form, "cursor": query.get("cursor") or None})
    except ValidationError as exc:
        first = exc.errors(include_url=False, include_input=False)[0]
        field = ".".join(str(p) for p in first["loc"]).replace("_", " ")
        message = f"Check the {field}: {first['msg']}."
        return _html(
            views.sota_page(ctx, form=form, rows=None, next_cursor=None, error=message), 400
        )
    try:
        rows, next_cursor = papers.sota(**parsed.model_dump())
    except InvalidRequest as exc:
        page_html = views.sota_page(ctx, form=form, rows=None, next_cursor=None, error=exc.message)
        return _html(page_html, 400)
    return _html(views.sota_page(ctx, form=form, rows=rows, next_cursor=next_cursor))


@page_route("/papers/{arxiv_id}")
def paper_page(arxiv_id: str) -> Response:
    ctx = _context()
    paper = papers.load_paper(arxiv_id)
    cursor = _query().get("cursor") or None
    reproductions, next_cursor = reproductions_db.query_page(
        "by_paper",
        "paper_id",
        paper["paper_id"],
        limit=PAPER_REPRODUCTIONS_PAGE,
        cursor=cursor,
        newest_first=True,
    )
    return _html(
        views.paper_page(ctx, paper=paper, reproductions=reproductions, next_cursor=next_cursor)
    )


@page_route("/agents")
def agents_page() -> Response:
    ctx = _context()
    query = _query()
    tier_text = query.get("trust_tier", "").strip()
    if tier_text not in ("", "0", "1", "2"):
        page_html = views.agents_page(
            ctx,
            rows=[],
            trust_tier="",
            next_cursor=None,
            error="Pick a trust tier from the list.",
        )
        return _html(page_html, 400)
    rows, next_cursor = queue_service.agents(
        int(tier_text) if tier_text else None, AGENTS_PAGE_SIZE, query.get("cursor") or None
    )
    return _html(views.agents_page(ctx, rows=rows, trust_tier=tier_text, next_cursor=next_cursor))


# --- review (signed-in reviewers) ----------------------------------------------------------


def _review_html(
    ctx: PageContext,
    cursor: str | None,
    message: Html | None = None,
    error: str | None = None,
    confirm_copy: str | None = None,
) -> Html:
    items, next_cursor = review.pending_page(REVIEW_PAGE_SIZE, cursor)
    if confirm_copy and confirm_copy not in {i["reproduction_id"] for i in items}:
        # the copy whose promotion awaits its second click is shown first, on any page
        focus = reproductions_db.get(confirm_copy)
        if focus is not None and focus.get("status") == "agent_pending":
            items = [focus, *items]
    logs: dict[str, str | None] = {}
    for item in items:
        run_log = item.get("run_log") or {}
        if run_log.get("kind") == "upload":  # large: only its head and tail are read
            logs[item["reproduction_id"]] = log_excerpt(run_log, item.get("validation"))
        if run_log.get("kind") == "pasted" and run_log.get("s3_key"):
            try:
                logs[item["reproduction_id"]] = uploads.get_text(run_log["s3_key"])
            except StorageUnavailable:
                logger.exception("run log %s unreadable", run_log["s3_key"])
                logs[item["reproduction_id"]] = None
    paper_items = papers_db.get_papers([i["paper_id"] for i in items]) if items else {}
    names: dict[str, str] = {}
    for submitter in {i["submitter_id"] for i in items}:
        account = accounts_db.get_account(submitter)
        names[submitter] = account["name"] if account else "unknown account"
    # the earlier submissions that flagged ones copy (issue 18), to show and link
    copied = {str(i["duplicate_of"]) for i in items if i.get("duplicate_of")}
    earlier = {rid: reproductions_db.get(rid) for rid in copied}
    return views.review_page(
        ctx,
        items=items,
        logs=logs,
        papers=paper_items,
        names=names,
        next_cursor=next_cursor,
        message=message,
        error=error,
        earlier=earlier,
        confirm_copy=confirm_copy,
    )


_DONE = {"promote": "Promoted", "reject": "Rejected"}


@page_route("/review")
def review_page() -> Response:
    ctx = _context()
    if ctx.session is None:
        return _redirect(ctx.link("/login"))
    query = _query()
    message = None
    done, rid = query.get("done", ""), query.get("id", "")
    if done in _DONE and _REPRODUCTION_ID.match(rid):
        decided = reproductions_db.get(rid)
        if decided is not None:
            message = render(
                '${done} ${rid}. The score of <a href="${href}">${paper}</a> is recomputed '
                "within a few seconds.",
                done=_DONE[done],
                rid=rid,
                href=views.paper_href(ctx, decided),
                paper=decided.get("arxiv_id") or decided["paper_id"],
            )
    return _html(_review_html(ctx, query.get("cursor") or None, message=message))


@page_route("/review/decide", method="POST", content_types=(FORM,))
def review_decide() -> Response:
    ctx = _context()
    form = _form()
    if ctx.session is None:
        raise PageError(403, "Sign in first", "Sign in as a reviewer to promote or reject.")
    if not sessions.csrf_ok(ctx.session.csrf_token, form.get("csrf_token")):
        raise PageError(
            403,
            "Form expired",
            "This form's security token is missing or wrong. Reload the review page and try again.",
        )
    action, rid = form.get("action", ""), form.get("reproduction_id", "")
    if action not in review.DECISIONS or not _REPRODUCTION_ID.match(rid):
        raise PageError(400, "Bad request", "Choose Promote or Reject on a submission.")
    confirm = form.get("confirm_duplicate") == "1"
    try:
        review.decide(ctx.session.principal, rid, action, confirm_duplicate=confirm)
    except HttpError as exc:  # own submission (403), failed validation or decided (409)
        # a copy's first Promote click: the page asks for the second one
        copy = rid if exc.code == "duplicate_confirmation_required" else None
        page_html = _review_html(ctx, None, error=exc.message, confirm_copy=copy)
        return _html(page_html, exc.status)
    return _redirect(ctx.link("/review", done=action, id=rid))


# --- sign-in / sign-out --------------------------------------------------------------------


def _login_response(
    ctx: PageContext, status: int = 200, error: str | None = None, info: str | None = None
) -> Response:
    token = _cookies().get(sessions.LOGIN_COOKIE_NAME)
    if not sessions.is_token(token):
        token = sessions.new_token()
    assert token is not None
    cookie = _cookie(
        sessions.LOGIN_COOKIE_NAME,
        token,
        path=ctx.link("/login"),
        max_age=3600,
        same_site="Strict",
    )
    page_html = views.login_page(ctx, login_token=token, error=error, info=info)
    return _html(page_html, status, {"Set-Cookie": cookie})


@page_route("/login")
def login_form() -> Response:
    info = "You have signed out." if _query().get("signed_out") else None
    return _login_response(_context(), info=info)


@page_route("/login", method="POST", content_types=(FORM,))
def login_submit() -> Response:
    ctx = _context()
    form = _form()
    # Login CSRF: the form's token must match the cookie set with the form (double submit),
    # so another site cannot sign a visitor in to an account of its choosing.
    if not sessions.csrf_ok(_cookies().get(sessions.LOGIN_COOKIE_NAME), form.get("login_token")):
        return _login_response(
            ctx, 403, error="The sign-in form expired (or cookies are blocked). Try again."
        )
    try:
        token, session = sessions.sign_in(form.get("api_key", ""))
    except sessions.Unauthenticated:
        return _login_response(
            ctx, 401, error="That key is not valid: it is unknown, revoked or mistyped."
        )
    except sessions.AgentCannotSignIn:
        return _login_response(
            ctx,
            403,
            error="Agent keys cannot sign in. The review pages are for human reviewers: ask "
            "an admin for a reviewer account.",
        )
    if ctx.session is not None:
        sessions.sign_out(ctx.session)  # replace the old session, do not keep both
    logger.info("reviewer %s signed in", session.account_id)
    cookie = _cookie(
        sessions.COOKIE_NAME,
        token,
        path="/",
        max_age=sessions.SESSION_SECONDS,
        same_site="Lax",
    )
    clear_login = _cookie(
        sessions.LOGIN_COOKIE_NAME, "", path=ctx.link("/login"), max_age=0, same_site="Strict"
    )
    return _redirect(ctx.link("/review"), cookies=[cookie, clear_login])


@page_route("/logout", method="POST", content_types=(FORM,))
def logout() -> Response:
    ctx = _context()
    form = _form()
    if ctx.session is None:
        return _redirect(ctx.link("/login"))
    if not sessions.csrf_ok(ctx.session.csrf_token, form.get("csrf_token")):
        raise PageError(403, "Form expired", "Reload the page and sign out again.")
    sessions.sign_out(ctx.session)
    cleared = _cookie(sessions.COOKIE_NAME, "", path="/", max_age=0, same_site="Lax")
    return _redirect(ctx.link("/login", signed_out=1), cookies=[cleared])
