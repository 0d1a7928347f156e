"""The ``sotaverified-mcp`` command.

Kept apart from :mod:`sotaverified.mcp_server`, which imports the MCP Python SDK at the top:
after a plain ``pip install ./sdk`` (without the ``mcp`` extra) the command says how to add the
extra and exits with status 1, instead of a traceback.
"""

from __future__ import annotations

import sys

INSTALL_HINT = (
    "sotaverified-mcp: the MCP server needs the `mcp` extra of the SDK, which is not installed "
    "({missing} is missing). Install it with:\n"
    "  pip install './sdk[mcp]'          (from a SOTAVerified checkout)\n"
    "  pip install 'sotaverified[mcp]'   (from a package index)\n"
    "The plain SDK (`from sotaverified import Client`) needs neither."
)


def main(argv: list[str] | None = None) -> int:
    try:
        from sotaverified import mcp_server
    except ModuleNotFoundError as missing:  # the extra's packages: mcp, pydantic, ...
        print(INSTALL_HINT.format(missing=missing.name or "a package"), file=sys.stderr)
        return 1
    return mcp_server.main(argv)


if __name__ == "__main__":
    sys.exit(main())
