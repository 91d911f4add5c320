"""A throwaway PostgreSQL server for the tests: initdb into a temporary directory, started on
a Unix socket there, stopped at the end; the tests that need it skip where PostgreSQL is not
installed."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest


def _binaries() -> Path | None:
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    return Path(versions[-1]).parent if versions else None


def _user() -> pwd.struct_passwd | None:
    """The account the server runs as: PostgreSQL refuses to run as root."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    pytest.skip("no unprivileged account to run PostgreSQL as")


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """``postgresql:///postgres?host=SOCKET_DIR&user=USER`` of a server started for the run."""
    pytest.importorskip("psycopg")
    binaries = _binaries()
    if binaries is None:
        pytest.skip("PostgreSQL is not installed (no pg_ctl)")
    account = _user()
    home = Path(tempfile.mkdtemp(prefix="satdoku-pg-"))
    data, sockets = home / "data", home / "sockets"
    sockets.mkdir()
    os.chmod(home, 0o755)

    def as_server() -> None:
        if account is not None:
            os.setgid(account.pw_gid)
            os.setuid(account.pw_uid)

    if account is not None:
        for path in (home, sockets):
            os.chown(path, account.pw_uid, account.pw_gid)
    user = account.pw_name if account is not None else pwd.getpwuid(os.geteuid()).pw_name
    run = {"check": True, "capture_output": True, "preexec_fn": as_server, "timeout": 120}
    subprocess.run([binaries / "initdb", "-D", data, "-U", user, "-A", "trust"], **run)
    options = f"-k {sockets} -c listen_addresses='' -c fsync=off"
    subprocess.run(
        [binaries / "pg_ctl", "-D", data, "-o", options, "-l", home / "log", "-w", "start"],
        **run,
    )
    try:
        yield f"postgresql:///postgres?host={sockets}&user={user}"
    finally:
        subprocess.run(
            [binaries / "pg_ctl", "-D", data, "-m", "immediate", "stop"],
            check=False,
            capture_output=True,
            preexec_fn=as_server,
            timeout=60,
        )
        shutil.rmtree(home, ignore_errors=True)
