#!/usr/bin/env python3
"""One client cannot exhaust the server: the real binary, under the open-files limit of
deploy/centre.service (LimitNOFILE), on loopback only, bounded in count and time.

From 127.0.0.1 it asks for 1,500 live streams (`/api/events/{id}/tournament/stream`, no sign-in
needed), then opens 2,000 more connections and leaves them idle. Meanwhile `/api/health` is asked
from 127.0.0.2, each time on a new connection: every answer must come within 100 ms. Once the
flood closes, the server's resident memory must return within 10% of its level before it.

Usage: scripts/exhaustion.py [path/to/centre [serve flags...]]   (default target/debug/centre)
Prints what it measured; exits non-zero when a check fails.
"""

import asyncio
import json
import os
import re
import resource
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STREAMS = 1500
IDLE = 2000
HEALTH_LIMIT_MS = 100
MEMORY_SLACK = 0.10
# The whole run stops by itself after this long, whatever happens.
DEADLINE_S = 120


def unit_open_files():
    with open(os.path.join(ROOT, "deploy", "centre.service"), encoding="utf-8") as unit:
        found = re.search(r"^LimitNOFILE=(\d+)$", unit.read(), re.MULTILINE)
    if not found:
        sys.exit("deploy/centre.service sets no LimitNOFILE")
    return int(found.group(1))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_kib(pid):
    with open(f"/proc/{pid}/status", encoding="utf-8") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def get_json(url):
    with urllib.request.urlopen(url, timeout=10) as answer:
        return json.load(answer)


def health_from_elsewhere(port):
    """One `GET /api/health` from 127.0.0.2 on a new connection; answers the milliseconds. Run
    in its own thread, so the flood's event loop never delays the measure."""
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=5, source_address=("127.0.0.2", 0)) as s:
        s.sendall(b"GET /api/health HTTP/1.1\r\nHost: centre\r\nConnection: close\r\n\r\n")
        status = s.makefile("rb").readline()
    elapsed = (time.monotonic() - started) * 1000
    if not status.startswith(b"HTTP/1.1 200"):
        raise RuntimeError(f"health answered {status!r}")
    return elapsed


async def open_from_flooder(port, request):
    """A connection from 127.0.0.1; sends `request` if any. Answers (reader, writer) or None."""
    try:
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.0.1", 0)), timeout=5
        )
    except (OSError, asyncio.TimeoutError):
        return None
    if request:
        try:
            writer.write(request)
            await writer.drain()
        except OSError:
            pass
    return reader, writer


async def first_line(conn):
    if conn is None:
        return b"refused"
    try:
        return await asyncio.wait_for(conn[0].readline(), timeout=5) or b"closed"
    except ConnectionResetError:
        # Refused with its request unread: the close resets the connection.
        return b"reset"
    except (OSError, asyncio.TimeoutError):
        return b"no answer"


async def busy_moment(port, event_id):
    async def phone():
        for path in (f"/api/events/{event_id}", f"/api/events/{event_id}/tournament", "/api/events") * 3:
            reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.0.3", 0))
            writer.write(f"GET {path} HTTP/1.1\r\nHost: centre\r\nConnection: close\r\n\r\n".encode())
            await writer.drain()
            await reader.read()
            writer.close()
        reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.0.3", 0))
        writer.write(f"GET /api/events/{event_id}/tournament/stream HTTP/1.1\r\nHost: centre\r\n\r\n".encode())
        await writer.drain()
        await reader.readline()
        writer.close()

    await asyncio.gather(*(phone() for _ in range(32)))


async def flood_and_probe(port, stream_path):
    stream_request = f"GET {stream_path} HTTP/1.1\r\nHost: centre\r\n\r\n".encode()
    latencies = []
    probing = threading.Event()
    probing.set()
    failures = []

    def probe():
        try:
            while probing.is_set():
                latencies.append(health_from_elsewhere(port))
                time.sleep(0.05)
        except (OSError, RuntimeError) as e:
            failures.append(e)

    prober = threading.Thread(target=probe)
    prober.start()
    held = []
    # The streams, in waves of 100 (a client's own connect rate, not a test of the kernel).
    for start in range(0, STREAMS, 100):
        wave = await asyncio.gather(*(open_from_flooder(port, stream_request) for _ in range(100)))
        held.extend(wave)
    answers = await asyncio.gather(*(first_line(c) for c in held))
    kinds = {}
    for line in answers:
        key = line.split(b"\r\n")[0].decode(errors="replace")[:40]
        kinds[key] = kinds.get(key, 0) + 1
    for start in range(0, IDLE, 100):
        wave = await asyncio.gather(*(open_from_flooder(port, None) for _ in range(100)))
        held.extend(wave)
    # The flood holds everything it got for a moment while health is asked.
    await asyncio.sleep(1.5)
    probing.clear()
    prober.join()
    if failures:
        raise failures[0]
    for conn in held:
        if conn is not None:
            conn[1].close()
    return latencies, kinds


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "target", "debug", "centre")
    limit = unit_open_files()
    # The flood itself needs more files than that.
    resource.setrlimit(resource.RLIMIT_NOFILE, (8192, max(8192, resource.getrlimit(resource.RLIMIT_NOFILE)[1])))
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    failures = []
    with tempfile.TemporaryDirectory() as work:
        log = open(os.path.join(work, "server.log"), "w", encoding="utf-8")

        def as_the_unit():
            resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))

        server = subprocess.Popen(
            [binary, "serve", "--addr", f"127.0.0.1:{port}", "--db", os.path.join(work, "centre.db"), "--demo", *sys.argv[2:]],
            stdout=log,
            stderr=subprocess.STDOUT,
            preexec_fn=as_the_unit,
            env={**os.environ, "RUST_LOG": "warn"},
        )
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    get_json(f"{url}/api/health")
                    break
                except OSError:
                    if server.poll() is not None or time.monotonic() > deadline:
                        sys.exit("the server did not start")
                    time.sleep(0.1)
            event_id = get_json(f"{url}/api/events")[0]["id"]
            # Warm: the level before is a server that has lived a busy moment of a tournament
            # day (32 phones at once on the event page, its live stream opened and closed), so
            # its pools (8 database connections and their caches, the blocking threads) are
            # filled as any day fills them; what the flood adds on top is what is measured.
            asyncio.run(busy_moment(port, event_id))
            time.sleep(0.5)
            before = rss_kib(server.pid)
            started = time.monotonic()
            latencies, kinds = asyncio.run(
                asyncio.wait_for(flood_and_probe(port, f"/api/events/{event_id}/tournament/stream"), DEADLINE_S)
            )
            flood_s = time.monotonic() - started
            # Closed: the server lets go of what they held (each read ends at once).
            time.sleep(float(os.environ.get("SETTLE", "2")))
            get_json(f"{url}/api/health")
            after = rss_kib(server.pid)
        finally:
            server.terminate()
            server.wait(timeout=30)
            log.close()
        with open(os.path.join(work, "server.log"), encoding="utf-8") as logged:
            log_text = logged.read()
    worst = max(latencies) if latencies else float("inf")
    print(f"server under LimitNOFILE={limit}; flood of {STREAMS} stream requests and {IDLE} idle connections from 127.0.0.1 in {flood_s:.1f} s")
    print(f"stream requests answered: {kinds}")
    print(f"/api/health from 127.0.0.2 during the flood: {len(latencies)} asked, worst {worst:.1f} ms (limit {HEALTH_LIMIT_MS} ms)")
    print(f"resident memory: {before} KiB before, {after} KiB after ({(after - before) / before:+.1%}; limit +{MEMORY_SLACK:.0%})")
    if len(latencies) < 5:
        failures.append("health was asked fewer than 5 times during the flood")
    if worst > HEALTH_LIMIT_MS:
        failures.append(f"health took {worst:.1f} ms from another address")
    if after > before * (1 + MEMORY_SLACK):
        failures.append("memory did not return within 10% of its level before the flood")
    if kinds.get("HTTP/1.1 200 OK", 0) == 0:
        failures.append("no stream was served at all")
    if "Too many open files" in log_text or "panicked" in log_text:
        failures.append("the server logged: " + ("Too many open files" if "Too many open files" in log_text else "a panic"))
    for failure in failures:
        print(f"FAILED: {failure}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
