"""Where the validator reads a URL run log: the documented raw form of each allow-listed page.

Pure functions, no I/O (`chalicelib/services/url_logs.py` does the fetching).

A submitted URL (already checked by `chalicelib.domain.urls`) maps to one of:
- `RawFile`: a plain GET of the file's raw bytes, validated like pasted output;
  - `github.com/<owner>/<repo>/blob/<ref>/<path>` (or `/raw/`) ->
    `raw.githubusercontent.com/<owner>/<repo>/<ref>/<path>`;
  - `gist.github.com/<user>/<id>` -> `gist.githubusercontent.com/<user>/<id>/raw` (the gist's
    first file, as GitHub's Raw link serves it; `.../<id>/raw/<rest>` names a file or revision);
  - `huggingface.co/[datasets/|spaces/]<org>/<name>/blob/<rev>/<path>` (or `/raw/`, or already
    `/resolve/`) -> `huggingface.co/.../resolve/<rev>/<path>`;
- `WandbRun`: the run's summary through W&B's public GraphQL API (the query the `wandb`
  package's `Api().run(path)` sends), for `wandb.ai/<entity>/<project>/runs/<id>[/<tab>]`;
- `NotReadable`: Colab notebooks (no raw form without Google sign-in) and every other path,
  with the reason.

`FETCH_HOSTS` lists every host the fetcher may connect to, and why; a redirect is followed
only to one of them (`redirect_target`). Nothing else is ever fetched.
"""

from __future__ import annotations

import codecs
import ipaddress
import json
import math
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote, urljoin, urlsplit

MAX_LOG_BYTES = 50 * 1024 * 1024  # the cap of uploaded run logs (SPEC 7), counted while reading
MAX_REDIRECTS = 5
MAX_LINE_CHARS = 1_000_000  # a longer line is cut there (no metric line is that long)

WANDB_GRAPHQL_URL = "https://api.wandb.ai/graphql"

# Every host the validator may connect to, per service, and why. A redirect is followed only to
# a host of the same service: a raw GitHub file never leads to a Hugging Face CDN host.
GITHUB_HOSTS: dict[str, str] = {
    "raw.githubusercontent.com": "raw form of github.com/<owner>/<repo>/blob/<ref>/<path>; "
    "also where GitHub redirects raw files of renamed repositories",
    "gist.githubusercontent.com": "raw form of a gist (gist.github.com/<user>/<id>/raw)",
}
HUGGING_FACE_HOSTS: dict[str, str] = {
    # Hugging Face: the hub serves `resolve` itself (small files, and relative redirects of
    # renamed repositories); large files redirect to the storage hosts that the hub lists in
    # https://huggingface.co/.well-known/meta.json ("lfsDomains", "cdnDomains").
    "huggingface.co": "raw form of a Hub file (/resolve/<rev>/<path>), served by the hub",
    "cdn-lfs.hf.co": "resolve redirect of a Git LFS file (meta.json lfsDomains)",
    "cdn-lfs-us-1.hf.co": "resolve redirect of a Git LFS file, US region (meta.json lfsDomains)",
    "cdn-lfs-eu-1.hf.co": "resolve redirect of a Git LFS file, EU region (meta.json lfsDomains)",
    "cdn-lfs.huggingface.co": "older resolve redirect of a Git LFS file (before hf.co)",
    "cdn-lfs-us-1.huggingface.co": "older resolve redirect of a Git LFS file, US region",
    "cas-bridge.xethub.hf.co": "resolve redirect of a file stored with Xet (the Xet bridge)",
    # Region- and provider-scoped CDN of the hub (meta.json "cdnDomains"), where resolve now
    # redirects Xet files (e.g. us.aws.cdn.hf.co/xet-bridge-us/...).
    **{
        host: "resolve redirect to the hub's CDN (meta.json cdnDomains)"
        for host in (
            "aws.cdn.hf.co",
            "us.aws.cdn.hf.co",
            "us-east-1.aws.cdn.hf.co",
            "us-west-2.aws.cdn.hf.co",
            "eu-west-3.aws.cdn.hf.co",
            "ap-southeast-1.aws.cdn.hf.co",
            "us.gcp.cdn.hf.co",
            "us-east1.us.gcp.cdn.hf.co",
            "us-central1.us.gcp.cdn.hf.co",
            "us-west4.us.gcp.cdn.hf.co",
            "europe-west4.us.gcp.cdn.hf.co",
            "asia-southeast1.us.gcp.cdn.hf.co",
        )
    },
}
WANDB_HOSTS: dict[str, str] = {
    "api.wandb.ai": "W&B public API: GraphQL query of a run's summary (POST /graphql)",
}
FETCH_HOSTS: dict[str, str] = GITHUB_HOSTS | HUGGING_FACE_HOSTS | WANDB_HOSTS
_SERVICE_HOSTS = (GITHUB_HOSTS, HUGGING_FACE_HOSTS, WANDB_HOSTS)

_OWNER = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})"
_REPO = r"[A-Za-z0-9._-]{1,100}"
_SEGMENT = r"[^/?#]+"  # one non-empty path segment, kept exactly (percent-encoding included)
_GITHUB_FILE = re.compile(
    rf"/(?P<owner>{_OWNER})/(?P<repo>{_REPO})/(?:blob|raw)/(?P<rest>{_SEGMENT}(?:/{_SEGMENT})+)"
)
_GIST = re.compile(
    rf"/(?P<user>{_OWNER})/(?P<id>[A-Za-z0-9]{{1,64}})(?:/raw(?P<rest>(?:/{_SEGMENT})*))?/?"
)
_HF_FILE = re.compile(
    rf"/(?P<repo>(?:(?:datasets|spaces)/)?{_REPO}/{_REPO})/(?:blob|raw|resolve)/"
    rf"(?P<rest>{_SEGMENT}(?:/{_SEGMENT})+)"
)
_WANDB_NAME = r"[A-Za-z0-9._-]{1,128}"
_WANDB_RUN = re.compile(
    rf"/(?P<entity>{_WANDB_NAME})/(?P<project>{_WANDB_NAME})/runs/(?P<run>{_WANDB_NAME})"
    r"(?:/[A-Za-z-]{1,32})?/?"
)

_FORMS = {
    "github.com": "github.com/<owner>/<repo>/blob/<ref>/<path>",
    "gist.github.com": "gist.github.com/<user>/<id>",
    "huggingface.co": "huggingface.co/[datasets/|spaces/]<org>/<name>/blob/<revision>/<path>",
    "wandb.ai": "wandb.ai/<entity>/<project>/runs/<run id>",
}


@dataclass(frozen=True)
class RawFile:
    url: str  # https URL of the raw bytes, on a FETCH_HOSTS host


@dataclass(frozen=True)
class WandbRun:
    entity: str
    project: str
    run_id: str

    @property
    def path(self) -> str:
        return f"{self.entity}/{self.project}/{self.run_id}"


@dataclass(frozen=True)
class NotReadable:
    reason: str  # why the server does not read this URL, for a person


LogSource = RawFile | WandbRun | NotReadable


def _has_dot_segment(path: str) -> bool:
    return any(unquote(part) in (".", "..") for part in path.split("/"))


def log_source(canonical_url: str) -> LogSource:
    """Where to read the log of a canonical allow-listed URL (`canonical_log_url`'s output)."""
    parts = urlsplit(canonical_url)
    host, path = parts.hostname or "", parts.path
    if host == "colab.research.google.com":
        return NotReadable(
            "Colab notebooks are not read: Google serves them only to signed-in users, and a "
            "notebook's saved outputs are not a run log. Paste the final evaluation output, or "
            "save the log to a GitHub file, a gist or a Hugging Face repository"
        )
    if _has_dot_segment(path):
        return NotReadable(f"the path {path!r} contains '.' or '..' segments")
    if host == "github.com" and (match := _GITHUB_FILE.fullmatch(path)):
        return RawFile(
            f"https://raw.githubusercontent.com/{match['owner']}/{match['repo']}/{match['rest']}"
        )
    if host == "gist.github.com" and (match := _GIST.fullmatch(path)):
        return RawFile(
            f"https://gist.githubusercontent.com/{match['user']}/{match['id']}/raw"
            f"{match['rest'] or ''}"
        )
    if host == "huggingface.co" and (match := _HF_FILE.fullmatch(path)):
        return RawFile(f"https://huggingface.co/{match['repo']}/resolve/{match['rest']}")
    if host == "wandb.ai" and (match := _WANDB_RUN.fullmatch(path)):
        return WandbRun(match["entity"], match["project"], match["run"])
    form = _FORMS.get(host)
    if form is None:
        return NotReadable(f"logs on {host} are not read")
    return NotReadable(
        f"{path!r} on {host} is not a page whose raw form the server reads; link the log "
        f"file itself: {form}"
    )


class RedirectRefused(ValueError):
    """A redirect the fetcher will not follow; the message says why."""


def redirect_target(current_url: str, location: str | None) -> str:
    """The absolute URL a redirect from `current_url` points at, if the fetcher may follow it:
    https, a host in `FETCH_HOSTS` of the same service as `current_url`'s host (so never an IP
    literal or another host), no userinfo, no port. Raises `RedirectRefused` otherwise. The
    fragment is dropped."""
    if not location:
        raise RedirectRefused("a redirect without a Location header")
    if len(location) > 8192:
        raise RedirectRefused("a redirect to a URL over 8,192 characters")
    for char in location:
        if not char.isascii() or char.isspace() or ord(char) < 0x20 or ord(char) == 0x7F:
            raise RedirectRefused(f"a redirect to a URL with the character {char!r}")
        if char == "\\":
            raise RedirectRefused("a redirect to a URL with a backslash")
    target = urljoin(current_url, location)
    parts = urlsplit(target)
    if parts.scheme.lower() != "https":
        raise RedirectRefused(f"a redirect to a {parts.scheme or 'relative'}: URL (https only)")
    if "@" in parts.netloc:
        raise RedirectRefused("a redirect to a URL with user information")
    host = (parts.hostname or "").lower()
    if _is_ip_literal(host):
        raise RedirectRefused(f"a redirect to the IP address {host}")
    if parts.port is not None or parts.netloc.lower() != host:
        raise RedirectRefused(f"a redirect to {parts.netloc!r}, which names a port")
    if host not in FETCH_HOSTS:
        raise RedirectRefused(f"a redirect to {host}, which is not on the fetch allow-list")
    origin = (urlsplit(current_url).hostname or "").lower()
    if not any(origin in hosts and host in hosts for hosts in _SERVICE_HOSTS):
        raise RedirectRefused(f"a redirect from {origin} to {host}, a host of another service")
    path = parts.path or "/"
    return f"https://{host}{path}" + (f"?{parts.query}" if parts.query else "")


def _is_ip_literal(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return True


def non_public_address(addresses: list[str]) -> str | None:
    """The first address a fetch must not connect to (private, loopback, link-local, reserved,
    multicast, ...), or None when all are public. One bad address refuses the host, so a DNS
    answer cannot mix a public address with an internal one."""
    for text in addresses:
        address = ipaddress.ip_address(text.split("%", 1)[0])
        if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
            address = address.ipv4_mapped
        if not address.is_global or address.is_multicast:
            return text
    return None


# --- W&B ---------------------------------------------------------------------------------------

# The Run query of the wandb package's public API (`wandb.apis.public.runs.Run.load`), asking
# only for the fields the validator needs. `summaryMetrics` is a JSONString: a JSON object
# encoded as a string.
WANDB_RUN_QUERY = """query Run($project: String!, $entity: String!, $name: String!) {
    project(name: $project, entityName: $entity) {
        run(name: $name) {
            name
            state
            summaryMetrics
        }
    }
}"""


def wandb_request_body(run: WandbRun) -> bytes:
    body = {
        "query": WANDB_RUN_QUERY,
        "variables": {"entity": run.entity, "project": run.project, "name": run.run_id},
        "operationName": "Run",
    }
    return json.dumps(body).encode("utf-8")


class WandbAnswerError(ValueError):
    """The GraphQL answer holds no readable run summary; the message says why."""


def wandb_summary(answer: Any, run: WandbRun) -> tuple[str | None, list[tuple[str, float]]]:
    """(run state, numeric summary metrics) from W&B's GraphQL answer.

    Nested summary values are joined with "/" (`{"eval": {"acc": 0.9}}` -> `eval/acc`), like
    the JSON reader of the log extractor. Keys starting with `_` (`_step`, `_runtime`,
    `_timestamp`, `_wandb`) are W&B's own bookkeeping, and objects with a `_type` (histograms,
    tables, images) are media, not metrics: both are skipped, as are booleans and non-finite
    numbers.
    """
    if not isinstance(answer, dict):
        raise WandbAnswerError("W&B answered something that is not a JSON object")
    errors = answer.get("errors")
    data = answer.get("data")
    project = data.get("project") if isinstance(data, dict) else None
    found = project.get("run") if isinstance(project, dict) else None
    if not isinstance(found, dict):
        if errors:
            messages = "; ".join(
                str(e.get("message", e))[:200] for e in errors[:3] if isinstance(e, dict)
            )
            raise WandbAnswerError(f"W&B refused the query: {messages or errors!r}"[:500])
        what = "project" if not isinstance(project, dict) else "run"
        raise WandbAnswerError(
            f"W&B has no public {what} for {run.path} (it does not exist, or it is private)"
        )
    raw = found.get("summaryMetrics")
    if isinstance(raw, str):
        try:
            summary = json.loads(raw)
        except ValueError as exc:
            raise WandbAnswerError("the run's summaryMetrics is not valid JSON") from exc
    else:
        summary = raw
    if summary is None:
        summary = {}
    if not isinstance(summary, dict):
        raise WandbAnswerError("the run's summaryMetrics is not a JSON object")
    metrics: list[tuple[str, float]] = []
    _flatten_summary(summary, [], metrics, depth=0)
    state = found.get("state")
    return (state if isinstance(state, str) else None), metrics


def _flatten_summary(
    data: dict[str, Any], path: list[str], out: list[tuple[str, float]], depth: int
) -> None:
    if depth > 8 or "_type" in data:
        return
    for key, value in data.items():
        if not isinstance(key, str) or key.startswith("_"):
            continue
        if isinstance(value, dict):
            _flatten_summary(value, [*path, key], out, depth + 1)
        elif isinstance(value, int | float) and not isinstance(value, bool):
            try:
                number = float(value)
            except OverflowError:  # an integer beyond float's range
                continue
            if math.isfinite(number):
                out.append(("/".join([*path, key]), number))


# --- bytes -> lines ----------------------------------------------------------------------------

# The characters `str.splitlines` breaks on ("\r\n" counts as one break).
_BREAKS = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")


def lines_of_chunks(chunks: Iterable[bytes], max_line: int = MAX_LINE_CHARS) -> Iterator[str]:
    """The lines of UTF-8 text arriving in byte chunks, without their line breaks: the same
    lines as `text.splitlines()` on the whole decoded text (undecodable bytes replaced), but
    holding only one unfinished line at a time. A line longer than `max_line` characters is
    cut there and the rest of it skipped."""
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    parts: list[str] = []  # the unfinished line
    size = 0
    cutting = False  # skipping the rest of an overlong line
    after_cr = False  # the text so far ends with "\r": a "\n" next belongs to that break

    def texts() -> Iterator[str]:
        for chunk in chunks:
            text = decoder.decode(chunk)
            if text:
                yield text
        tail = decoder.decode(b"", final=True)
        if tail:
            yield tail

    for text in texts():
        if after_cr and text.startswith("\n"):
            text = text[1:]
            if not text:
                after_cr = False
                continue
        after_cr = text.endswith("\r")
        lines = text.splitlines()
        tail = None if text[-1] in _BREAKS else lines.pop()
        if lines:
            if cutting:  # the first line ends the overlong one
                cutting = False
                del lines[0]
            elif parts:
                lines[0] = "".join(parts) + lines[0]
            parts, size = [], 0
            if lines and max(map(len, lines)) > max_line:
                lines = [line[:max_line] for line in lines]
            yield from lines
        if tail is not None and not cutting:
            parts.append(tail)
            size += len(tail)
            if size > max_line:
                yield "".join(parts)[:max_line]
                parts, size, cutting = [], 0, True
    if parts:
        yield "".join(parts)
