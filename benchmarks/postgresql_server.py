"""A throwaway PostgreSQL server for a benchmark: initdb into a temporary directory, started
on a Unix socket there (no TCP), stopped and removed at the end; None where PostgreSQL's
server programs or psycopg are missing."""

from __future__ import annotations

import glob
import importlib.util
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def _binaries() -> Path | None:
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    return Path(versions[-1]).parent if versions else None


def _account() -> pwd.struct_passwd | None:
    """The account the server runs as when this runs as root (PostgreSQL refuses root)."""
    if os.geteuid() != 0:
        return pwd.getpwuid(os.geteuid())
    for name in ("postgres", "nobody"):
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    return None


@contextmanager
def postgresql_server() -> Iterator[str | None]:
    """The URL of a new server's ``postgres`` database, or None (with why on stderr) where
    one cannot be started here."""
    binaries, account = _binaries(), _account()
    if importlib.util.find_spec("psycopg") is None or binaries is None or account is None:
        print(
            "PostgreSQL left out: needs psycopg, pg_ctl and an account to run it as",
            file=sys.stderr,
        )
        yield None
        return
    home = Path(tempfile.mkdtemp(prefix="satdoku-bench-pg-"))
    data, sockets = home / "data", home / "sockets"
    sockets.mkdir()
    os.chmod(home, 0o755)
    for path in (home, sockets):
        os.chown(path, account.pw_uid, account.pw_gid)

    def as_server() -> None:
        if os.geteuid() == 0:
            os.setgid(account.pw_gid)
            os.setuid(account.pw_uid)

    run = {"check": True, "capture_output": True, "preexec_fn": as_server, "timeout": 120}
    pg_ctl = str(binaries / "pg_ctl")
    try:
        subprocess.run(
            [str(binaries / "initdb"), "-D", str(data), "-U", account.pw_name, "-A", "trust"],
            **run,
        )
        options = f"-k {sockets} -c listen_addresses=''"
        log = str(home / "log")
        subprocess.run([pg_ctl, "-D", str(data), "-o", options, "-l", log, "-w", "start"], **run)
        yield f"postgresql:///postgres?host={sockets}&user={account.pw_name}"
    finally:
        subprocess.run(
            [pg_ctl, "-D", str(data), "-m", "immediate", "stop"],
            check=False,
            capture_output=True,
            preexec_fn=as_server,
            timeout=60,
        )
        shutil.rmtree(home, ignore_errors=True)
